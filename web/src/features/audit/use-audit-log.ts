import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** The audit log, newest first, a page at a time; `action` narrows it to one kind of change. */
export function useAuditLog(action: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.audit.list(action),
    queryFn: ({ pageParam }) =>
      call('auditLog', {
        ...(pageParam ? { before_id: pageParam } : {}),
        ...(action ? { action } : {}),
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_before_id ?? undefined,
  });
}
