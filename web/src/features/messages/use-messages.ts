import type { CallRequest, CallResponse } from '@academy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useOwnQuery } from '../../api/own-query';
import { queryKeys } from '../../api/query-keys';

export type MessageChoicesAnswer = CallResponse<'getMessageChoices'>;
export type ChosenKinds = MessageChoicesAnswer['choices']['kinds'];
export type OutboxAnswer = CallResponse<'listOutbox'>;
export type OutboxFilter = NonNullable<CallRequest<'listOutbox'>['state']>;

/** The signed-in person's choices (the defaults until they save some) and what can reach them. */
export const useMessageChoices = () =>
  useOwnQuery(queryKeys.messageChoices.own, () => call('getMessageChoices', {}));

export function useSaveMessageChoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choices: CallRequest<'saveMessageChoices'>) => call('saveMessageChoices', choices),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messageChoices.all }),
  });
}

/** The outbox, newest first, by state, a page at a time. */
export const useOutbox = (state: OutboxFilter, page: number) =>
  useQuery({
    queryKey: queryKeys.outbox.list(state, page),
    queryFn: () => call('listOutbox', { state, page }),
    placeholderData: keepPreviousData,
  });

export function useResendOutbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('resendOutbox', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.outbox.all }),
  });
}
