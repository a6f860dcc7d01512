import { call } from './client';
import { useOwnQuery } from './own-query';
import { queryKeys } from './query-keys';

/**
 * The student's own assignments, kept for offline reading: the Download Assignment list, and
 * the upload form's choice of the assignment a submission answers.
 */
export const useOwnAssignments = () =>
  useOwnQuery(
    queryKeys.assignments.own,
    (userId) => call('getUserAssignments', { user_id: userId }),
    { meta: { offline: true } },
  );
