import { POLL_MS } from '@academy/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { usePollInterval } from '../../api/live';
import { queryKeys } from '../../api/query-keys';

/** What needs doing, for the admin dashboard's tiles. */
export const useAdminCounts = () =>
  useQuery({
    queryKey: queryKeys.adminCounts.counts(),
    queryFn: () => call('getAdminCounts', {}),
    refetchInterval: usePollInterval(POLL_MS),
  });

/** "1 new submission", "3 new submissions": a count and its noun, singular or plural. */
export function countWords(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
