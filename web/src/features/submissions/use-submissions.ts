import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

export function useUploadAssignment(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submission: {
      userId: number;
      subject: string;
      description: string;
      files: File[];
    }) =>
      call(
        'uploadAssignment',
        {
          user_id: submission.userId,
          subject: submission.subject,
          description: submission.description,
          'files[]': submission.files,
        },
        { onUploadProgress: onProgress },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['inbox'] }),
  });
}

export function useInbox(filters: { q: string; page: number }) {
  return useQuery({
    queryKey: ['inbox', filters],
    queryFn: () =>
      call('sendToInbox', {
        page: filters.page,
        ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}
