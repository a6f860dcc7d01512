import type { CallRequest, CallResponse } from '@academy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useOwnQuery } from '../../api/own-query';
import { queryKeys } from '../../api/query-keys';
import { useRefreshingCall, useRefreshingMutation } from '../../api/refreshing-mutation';

export type MessageChoicesAnswer = CallResponse<'getMessageChoices'>;
export type ChosenKinds = MessageChoicesAnswer['choices']['kinds'];
export type OutboxAnswer = CallResponse<'listOutbox'>;
export type OutboxFilter = NonNullable<CallRequest<'listOutbox'>['state']>;

/** The signed-in person's choices (the defaults until they save some) and what can reach them. */
export const useMessageChoices = () =>
  useOwnQuery(queryKeys.messageChoices.own, () => call('getMessageChoices', {}));

export const useSaveMessageChoices = () =>
  useRefreshingCall('saveMessageChoices', queryKeys.messageChoices.all);

/** The outbox, newest first, by state, a page at a time. */
export const useOutbox = (state: OutboxFilter, page: number) =>
  useQuery({
    queryKey: queryKeys.outbox.list(state, page),
    queryFn: () => call('listOutbox', { state, page }),
    placeholderData: keepPreviousData,
  });

export const useResendOutbox = () =>
  useRefreshingMutation((id: number) => call('resendOutbox', { id }), queryKeys.outbox.all);
