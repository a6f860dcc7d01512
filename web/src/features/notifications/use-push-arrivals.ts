import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../api/query-keys';

/** What the offline worker posts when a push came while the app was on screen (service-worker/push.ts). */
const PUSH_ARRIVED = 'PUSH_ARRIVED';

/**
 * A push that came while the app was on screen shows no notification: the worker tells the
 * page instead, and the notifications are fetched now, so the popup shows it at once.
 */
export function usePushArrivals(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const heard = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === PUSH_ARRIVED)
        void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
    };
    navigator.serviceWorker.addEventListener('message', heard);
    return () => navigator.serviceWorker.removeEventListener('message', heard);
  }, [queryClient]);
}
