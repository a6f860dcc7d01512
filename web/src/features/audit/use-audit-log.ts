import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../api/client';

/** The audit log, newest first, a page at a time; `action` narrows it to one kind of change. */
export function useAuditLog(action: string) {
  return useInfiniteQuery({
    queryKey: ['audit', action],
    queryFn: ({ pageParam }) =>
      call('auditLog', {
        ...(pageParam ? { before_id: pageParam } : {}),
        ...(action ? { action } : {}),
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_before_id ?? undefined,
  });
}

/** 'sendAssignment' → 'Send assignment': the contract's call names read well enough as labels. */
export function actionLabel(action: string): string {
  const words = action.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
