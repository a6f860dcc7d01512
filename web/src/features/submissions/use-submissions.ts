import type { SubmissionState } from '@academy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useRefreshingMutation } from '../../api/refreshing-mutation';

export const useUploadAssignment = (onProgress: (percent: number) => void) =>
  useRefreshingMutation(
    (submission: {
      userId: number;
      subject: string;
      description: string;
      /** The assignment it answers; '' for none. */
      assignmentId: string;
      files: File[];
    }) =>
      call(
        'uploadAssignment',
        {
          user_id: submission.userId,
          subject: submission.subject,
          description: submission.description,
          ...(submission.assignmentId ? { assignment_id: submission.assignmentId } : {}),
          'files[]': submission.files,
        },
        { onUploadProgress: onProgress },
      ),
    queryKeys.inbox.all,
    // The assignment it answers is submitted now.
    queryKeys.assignments.all,
  );

export interface InboxFilters {
  q: string;
  state: 'all' | SubmissionState;
  /** Days ('YYYY-MM-DD') on the academy's clock; '' for no bound. */
  from: string;
  to: string;
  page: number;
}

export function useInbox(filters: InboxFilters) {
  return useQuery({
    queryKey: queryKeys.inbox.list(filters),
    queryFn: () =>
      call('sendToInbox', {
        page: filters.page,
        state: filters.state,
        ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
        ...(filters.from ? { from: filters.from } : {}),
        ...(filters.to ? { to: filters.to } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}
