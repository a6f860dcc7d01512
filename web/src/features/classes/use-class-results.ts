import type { CallRequest } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useRefreshingMutation } from '../../api/refreshing-mutation';

/**
 * A class's level and next level, its report cards of a term and the move of those who passed
 * (issue 30, points 5–6): the class page's part of a term's results.
 */

/** The academy's terms, latest last, and the current one (the same query as Settings'). */
export function useTermChoices() {
  return useQuery({ queryKey: queryKeys.terms.list(), queryFn: () => call('listTerms', {}) });
}

/** The class's level and next class; with a term, whether it is published and who passed. */
export function useClassPromotion(classId: number, termId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.results.promotion(classId, termId),
    queryFn: () =>
      call('getClassPromotion', { class_id: classId, ...(termId ? { term_id: termId } : {}) }),
  });
}

/** The level, the promotion and the classes' lists (a move changes members) refresh together. */
const usePromotionChange = <P, R>(change: (payload: P) => Promise<R>) =>
  useRefreshingMutation(
    change,
    queryKeys.results.all,
    queryKeys.classes.all,
    queryKeys.schedule.all,
  );

export const useSetClassLevel = () =>
  usePromotionChange((payload: CallRequest<'setClassLevel'>) => call('setClassLevel', payload));

export const useMovePassingStudents = () =>
  usePromotionChange((payload: CallRequest<'movePassingStudents'>) =>
    call('movePassingStudents', payload),
  );
