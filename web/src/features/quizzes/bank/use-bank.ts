import type { CallRequest } from '@academy/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useRefreshingMutation } from '../../../api/refreshing-mutation';

/**
 * The bank's filters as its screen holds them: '' is "any" (the contract reads a blank filter
 * as none), archived and mine as the query's '0' / '1'.
 */
export interface BankFilters {
  level: string;
  skill: string;
  unit: string;
  type: string;
  q: string;
  archived: '0' | '1';
  mine: '0' | '1';
  page: number;
}

export const NO_FILTERS: BankFilters = {
  level: '',
  skill: '',
  unit: '',
  type: '',
  q: '',
  archived: '0',
  mine: '0',
  page: 1,
};

/** What the list and the export send: the filters with the text trimmed. */
export const bankQuery = ({ page: _page, ...filters }: BankFilters) => ({
  ...filters,
  q: filters.q.trim(),
  unit: filters.unit.trim(),
});

/** A page of the bank's items; the page shown stays while the next one loads. */
export const useBankItems = (filters: BankFilters) =>
  useQuery({
    queryKey: queryKeys.quizBank.items(filters),
    queryFn: () => call('listQuizItems', { ...bankQuery(filters), page: filters.page }),
    placeholderData: keepPreviousData,
  });

/** The units in use and how many items each tag holds (the unit filter's choices). */
export const useBankTags = () =>
  useQuery({
    queryKey: queryKeys.quizBank.tags(),
    queryFn: () => call('quizBankTags', {}),
  });

/** One item with its key and its versions, for the editor. */
export const useBankItem = (itemId: number) =>
  useQuery({
    queryKey: queryKeys.quizBank.item(itemId),
    queryFn: () => call('getQuizItem', { item_id: itemId }),
  });

export const useSaveItem = () =>
  useRefreshingMutation(
    (request: CallRequest<'saveQuizItem'>) => call('saveQuizItem', request),
    queryKeys.quizBank.all,
  );

export const useArchiveItem = () =>
  useRefreshingMutation(
    (request: { id: number; archived: boolean }) =>
      call('archiveQuizItem', { item_id: request.id, archived: request.archived }),
    queryKeys.quizBank.all,
  );

export const useDeleteItem = () =>
  useRefreshingMutation(
    (itemId: number) => call('deleteQuizItem', { item_id: itemId }),
    queryKeys.quizBank.all,
  );

/** A page of the passages, the newest first, with how many items stand on each. */
export const useQuizPassages = (filters: { q: string; page: number }) =>
  useQuery({
    queryKey: queryKeys.quizBank.passages(filters),
    queryFn: () => call('listQuizPassages', { q: filters.q.trim(), page: filters.page }),
    placeholderData: keepPreviousData,
  });

/** A passage made or saved: a text, or a recording uploaded with it (multipart). */
export const useSavePassage = () =>
  useRefreshingMutation(
    (request: CallRequest<'saveQuizPassage'> & { recording?: File }) =>
      call('saveQuizPassage', request),
    queryKeys.quizBank.all,
  );

export const useDeletePassage = () =>
  useRefreshingMutation(
    (passageId: number) => call('deleteQuizPassage', { passage_id: passageId }),
    queryKeys.quizBank.all,
  );

/** The server's reading of GIFT or Aiken text: the questions it would write and the refused. */
export const usePreviewImport = () =>
  useMutation({
    mutationFn: (request: CallRequest<'previewQuestionImport'>) =>
      call('previewQuestionImport', request),
  });

export const useImportQuestions = () =>
  useRefreshingMutation(
    (request: CallRequest<'importQuestions'>) => call('importQuestions', request),
    queryKeys.quizBank.all,
  );

/**
 * What a regrade of the item would change (issue 51, point 5), asked only once the teacher
 * asks for it; fresh each time (answers keep arriving while a quiz runs).
 */
export const useRegradePreview = (itemId: number, asked: boolean) =>
  useQuery({
    queryKey: queryKeys.quizBank.regrade(itemId),
    queryFn: () => call('previewQuizRegrade', { item_id: itemId }),
    enabled: asked,
    staleTime: 0,
  });

/** The regrade applied: the item's versions and every quiz screen are read again. */
export const useRegrade = () =>
  useRefreshingMutation(
    (itemId: number) => call('regradeQuizItem', { item_id: itemId }),
    queryKeys.quizBank.all,
    queryKeys.quizzes.all,
  );
