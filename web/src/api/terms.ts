import type { CallResponse } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from './client';
import { queryKeys } from './query-keys';
import { useRefreshingCall } from './refreshing-mutation';

export type Term = CallResponse<'listTerms'>['terms'][number];

/** The academy's terms (issue 30), earliest first, and which is current. */
export const useTerms = () =>
  useQuery({ queryKey: queryKeys.terms.list(), queryFn: () => call('listTerms', {}) });

/**
 * A term's change moves the current term, and with it every attendance figure: the terms and
 * the roll are read again (the live stream tells the other tabs the same).
 */
const TERMS_AND_ROLL = [queryKeys.terms.all, queryKeys.roll.all];

export const useSaveTerm = () => useRefreshingCall('saveTerm', ...TERMS_AND_ROLL);

export const useDeleteTerm = () => useRefreshingCall('deleteTerm', ...TERMS_AND_ROLL);
