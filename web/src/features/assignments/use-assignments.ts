import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useRefreshingCall, useRefreshingMutation } from '../../api/refreshing-mutation';
import { readStoredUser } from '../../api/session';

export { useOwnAssignments } from '../../api/own-assignments';

export const useSendAssignment = () =>
  useRefreshingCall('sendAssignment', queryKeys.assignments.all);

export interface AssignmentFilters {
  userId: string;
  read: 'all' | 'read' | 'unread';
  q: string;
  page: number;
}

/** The admin's list, filtered and paged on the server. */
export function useAllAssignments(filters: AssignmentFilters) {
  return useQuery({
    queryKey: queryKeys.assignments.list(filters),
    queryFn: () =>
      call('getAssignments', {
        read: filters.read,
        page: filters.page,
        ...(filters.userId ? { user_id: Number(filters.userId) } : {}),
        ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

export const useMarkAssignmentRead = () =>
  useRefreshingMutation(
    (assignment: { id: number; userId: number }) =>
      call('markAssignmentRead', { assignment_id: assignment.id, user_id: assignment.userId }),
    queryKeys.assignments.all,
  );

export const useRemoveAssignment = () =>
  useRefreshingMutation(
    (id: number) => call('removeAssignment', { assignment_id: id }),
    queryKeys.assignments.all,
  );

export function useMarkAssignmentAsRead() {
  const userId = readStoredUser()?.id ?? 0;
  return useRefreshingMutation(
    (assignmentId: number) =>
      call('markAssignmentAsRead', { user_id: userId, assignment_id: assignmentId }),
    queryKeys.assignments.all,
  );
}
