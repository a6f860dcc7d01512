import type { CallRequest, SendingKind } from '@academy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useRefreshingCall } from '../../api/refreshing-mutation';

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

export const useUpdateSending = () =>
  useRefreshingCall(
    'updateSending',
    queryKeys.sendings.all,
    queryKeys.assignments.all,
    queryKeys.notifications.all,
  );
