import type { CallRequest, SendingKind } from '@academy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** The sent items of one kind, newest first, with their read counts. */
export function useSendings(kind: SendingKind, page: number) {
  return useQuery({
    queryKey: queryKeys.sendings.list(kind, page),
    queryFn: () => call('getSendings', { kind, page }),
    placeholderData: keepPreviousData,
  });
}

/** One sent item and a page of its students with their read and (an assignment's) work states. */
export function useSending(
  sendingId: number,
  filters: Required<Pick<CallRequest<'getSending'>, 'read' | 'work' | 'page'>>,
) {
  return useQuery({
    queryKey: queryKeys.sendings.one(sendingId, filters),
    queryFn: () => call('getSending', { sending_id: sendingId, ...filters }),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateSending() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CallRequest<'updateSending'>) => call('updateSending', change),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.sendings.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
      ]),
  });
}
