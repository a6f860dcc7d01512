import { useQuery } from '@tanstack/react-query';
import { call } from './client';
import { queryKeys } from './query-keys';
import { readStoredUser } from './session';

/**
 * The student's own assignments, kept for offline reading: the Download Assignment list, and
 * the upload form's choice of the assignment a submission answers.
 */
export function useOwnAssignments() {
  const userId = readStoredUser()?.id;
  return useQuery({
    queryKey: queryKeys.assignments.own(userId),
    queryFn: () => call('getUserAssignments', { user_id: userId ?? 0 }),
    enabled: userId !== undefined,
    meta: { offline: true },
  });
}
