import type { CallRequest, CallResponse } from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export type Term = CallResponse<'listTerms'>['terms'][number];

/** The academy's terms (issue 30), earliest first, and which is current. */
export const useTerms = () =>
  useQuery({ queryKey: queryKeys.terms.list(), queryFn: () => call('listTerms', {}) });

/**
 * A term's change moves the current term, and with it every attendance figure: the terms and
 * the roll are read again (the live stream tells the other tabs the same).
 */
function useRefreshTerms() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.terms.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.roll.all }),
    ]);
}

export function useSaveTerm() {
  const onSuccess = useRefreshTerms();
  return useMutation({
    mutationFn: (payload: CallRequest<'saveTerm'>) => call('saveTerm', payload),
    onSuccess,
  });
}

export function useDeleteTerm() {
  const onSuccess = useRefreshTerms();
  return useMutation({
    mutationFn: (payload: CallRequest<'deleteTerm'>) => call('deleteTerm', payload),
    onSuccess,
  });
}
