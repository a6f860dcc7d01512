import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
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
