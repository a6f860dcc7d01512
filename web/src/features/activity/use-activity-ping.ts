import { ACTIVITY_PING_MS } from '@academy/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useLiveIsUp } from '../../api/live';
import { queryKeys } from '../../api/query-keys';
import { readStoredUser } from '../../api/session';

/**
 * Tells the server this user is here: at load and every 30 s, for any signed-in user, while
 * the live stream is down (an open stream tells the server the same). Failures are only
 * logged (spec section 8).
 */
export function useActivityPing(): void {
  const user = readStoredUser();
  const streamTells = useLiveIsUp();
  useQuery({
    queryKey: queryKeys.activity.ping(user?.id),
    queryFn: async () => {
      try {
        return await call('updateActivity', { token: user?.token ?? '' });
      } catch (error) {
        console.error('Could not update activity', error);
        return null;
      }
    },
    enabled: user !== null && !streamTells,
    refetchInterval: ACTIVITY_PING_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
    gcTime: 0,
  });
}
