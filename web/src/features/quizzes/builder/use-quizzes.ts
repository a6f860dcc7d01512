import type { CallRequest } from '@academy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useRefreshingCall } from '../../../api/refreshing-mutation';
import { useAppConfig } from '../../../shared/branding';

/** The quizzes an administrator runs, or those a teacher made or sent to their students. */
export const useQuizzes = () =>
  useQuery({ queryKey: queryKeys.quizzes.list(), queryFn: () => call('listQuizzes', {}) });

/** One quiz with its parts, for the builder. */
export const useQuiz = (quizId: number) =>
  useQuery({
    queryKey: queryKeys.quizzes.quiz(quizId),
    queryFn: () => call('getQuiz', { id: quizId }),
  });

// Each change asks again for every quiz shown: the list's counts and the builder's parts.
export const useSaveQuiz = () => useRefreshingCall('saveQuiz', queryKeys.quizzes.all);
export const useSendQuiz = () => useRefreshingCall('sendQuiz', queryKeys.quizzes.all);
export const useDeleteQuiz = () => useRefreshingCall('deleteQuiz', queryKeys.quizzes.all);

/**
 * The picker's filters over the bank: '' is "any" (the contract reads a blank filter as none).
 * Archived items are never offered: a quiz cannot take them.
 */
export interface PickerFilters {
  level: string;
  skill: string;
  unit: string;
  type: string;
  q: string;
  page: number;
}

export const NO_PICKER_FILTERS: PickerFilters = {
  level: '',
  skill: '',
  unit: '',
  type: '',
  q: '',
  page: 1,
};

/** A page of the bank for the picker; the page shown stays while the next one loads. */
export const usePickerItems = (filters: PickerFilters) => {
  const request: CallRequest<'listQuizItems'> = {
    ...filters,
    q: filters.q.trim(),
    unit: filters.unit.trim(),
    archived: '0',
  };
  return useQuery({
    queryKey: queryKeys.quizBank.items({ ...request, picker: true }),
    queryFn: () => call('listQuizItems', request),
    placeholderData: keepPreviousData,
  });
};

/** The units the bank's items are tagged with (the filters' and the draw's choices). */
export const useBankUnits = () =>
  useQuery({
    queryKey: queryKeys.quizBank.tags(),
    queryFn: () => call('quizBankTags', {}),
    select: (answer) => answer.units,
  });

/**
 * The academy's clock, on which a quiz's window is typed and which the server reads it on;
 * `known` once the academy has said which it is (until then the form waits, so a window is
 * never typed on the reader's clock and saved on the academy's).
 */
export function useAcademyClock() {
  const config = useAppConfig();
  return { zone: config.data?.timeZone, known: !config.isPending };
}
