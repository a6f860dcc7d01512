import type { CallRequest, FeedbackScreen } from '@academy/contract';
import { POLL_MS } from '@academy/contract/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../api/client';
import { usePollInterval } from '../../api/live';
import { queryKeys } from '../../api/query-keys';
import { readStoredUser } from '../../api/session';

/** The student's notifications (all of them), for the /notification screen; kept offline. */
export function useOwnNotifications() {
  const userId = readStoredUser()?.id;
  return useQuery({
    queryKey: queryKeys.notifications.own(userId),
    queryFn: () => call('getNotifications', { user_id: userId ?? 0 }),
    enabled: userId !== undefined,
    meta: { offline: true },
  });
}

/** The unread ones for the home screen's popup, polled every 10 s while the live stream is down. */
export function useUnreadNotifications() {
  const userId = readStoredUser()?.id;
  return useQuery({
    queryKey: queryKeys.notifications.unread(userId),
    queryFn: () => call('getNotifications', { user_id: userId ?? 0, only_unread: '1' }),
    enabled: userId !== undefined,
    refetchInterval: usePollInterval(POLL_MS),
  });
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
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('markAllNotificationsRead', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

/**
 * The home's counts on Assignment Results and Skill Builder: feedback that arrived since the
 * student last opened them, kept on the server so every device agrees. A notification
 * refreshes it (live stream, or the 10 s poll while the stream is down).
 */
export function useFeedbackNews() {
  const userId = readStoredUser()?.id;
  return useQuery({
    queryKey: queryKeys.notifications.feedbackNews(userId),
    queryFn: () => call('getFeedbackNews', { user_id: userId ?? 0 }),
    enabled: userId !== undefined,
    refetchInterval: usePollInterval(POLL_MS),
    meta: { offline: true },
  });
}

/**
 * A screen that shows feedback was opened: its count goes, on every device. Only asked when
 * there is something to clear, so opening the screen again writes nothing.
 */
export function useFeedbackOpened(screen: FeedbackScreen) {
  const news = useFeedbackNews();
  const queryClient = useQueryClient();
  const waiting = news.data?.[screen] ?? 0;
  const { mutate } = useMutation({
    mutationFn: () => call('markFeedbackOpened', { screen }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
  useEffect(() => {
    if (waiting > 0) mutate();
  }, [waiting, mutate]);
}

export function useSendNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallRequest<'addNotification'>) => call('addNotification', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

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
