import type { FeedbackScreen } from '@academy/contract';
import { POLL_MS } from '@academy/contract/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../api/client';
import { usePollInterval } from '../../api/live';
import { useOwnQuery } from '../../api/own-query';
import { queryKeys } from '../../api/query-keys';
import { useRefreshingCall, useRefreshingMutation } from '../../api/refreshing-mutation';

/** The student's notifications (all of them), for the /notification screen; kept offline. */
export const useOwnNotifications = () =>
  useOwnQuery(
    queryKeys.notifications.own,
    (userId) => call('getNotifications', { user_id: userId }),
    { meta: { offline: true } },
  );

/** The unread ones for the home screen's popup, polled every 10 s while the live stream is down. */
export function useUnreadNotifications() {
  const refetchInterval = usePollInterval(POLL_MS);
  return useOwnQuery(
    queryKeys.notifications.unread,
    (userId) => call('getNotifications', { user_id: userId, only_unread: '1' }),
    { refetchInterval },
  );
}

/** Marks one read; `onFailure` hears of every id that could not be marked (each call, not only the last). */
export function useMarkNotificationRead(onFailure?: (id: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('markNotificationRead', { notification_id: id }),
    // The list and the home's unread count (the popup keeps its own queue of what it shows).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
    onError: (error, id) => {
      console.error('Could not mark the notification read', error);
      onFailure?.(id);
    },
  });
}

/** 'Mark all as read' on the student's list: every unread one of the caller's, in one call. */
export const useMarkAllNotificationsRead = () =>
  useRefreshingMutation(() => call('markAllNotificationsRead', {}), queryKeys.notifications.all);

/**
 * The home's counts on Assignment Results and Skill Builder: feedback that arrived since the
 * student last opened them, kept on the server so every device agrees. A notification
 * refreshes it (live stream, or the 10 s poll while the stream is down).
 */
export function useFeedbackNews() {
  const refetchInterval = usePollInterval(POLL_MS);
  return useOwnQuery(
    queryKeys.notifications.feedbackNews,
    (userId) => call('getFeedbackNews', { user_id: userId }),
    { refetchInterval, meta: { offline: true } },
  );
}

/**
 * A screen that shows feedback was opened: its count goes, on every device. Only asked when
 * there is something to clear, so opening the screen again writes nothing.
 */
export function useFeedbackOpened(screen: FeedbackScreen) {
  const news = useFeedbackNews();
  const waiting = news.data?.[screen] ?? 0;
  const { mutate } = useRefreshingMutation(
    (_: undefined) => call('markFeedbackOpened', { screen }),
    queryKeys.notifications.all,
  );
  useEffect(() => {
    if (waiting > 0) mutate();
  }, [waiting, mutate]);
}

export const useSendNotification = () =>
  useRefreshingCall('addNotification', queryKeys.notifications.all);

export interface NotificationFilters {
  search: string;
  status: 'all' | 'read' | 'unread';
  page: number;
}

/** The admin's list: searched, filtered and paged on the server. */
export function useAllNotifications(filters: NotificationFilters) {
  return useQuery({
    queryKey: queryKeys.notifications.list(filters),
    queryFn: () =>
      call('getAllNotifications', {
        user_id: 0,
        status: filters.status,
        page: filters.page,
        ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}
