import type { CallRequest, CallResponse } from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useOwnQuery } from '../../api/own-query';
import { queryKeys } from '../../api/query-keys';
import { useRefreshingCall } from '../../api/refreshing-mutation';

export type Sheet = CallResponse<'getResultSheet'>;
export type SheetStudent = Sheet['students'][number];
export type SheetComponent = Sheet['components'][number];
export type Scheme = CallResponse<'getResultScheme'>;
export type TermResult = CallResponse<'getResults'>['results'][number];

/** A class's sheet of a term, as it stands now (issue 30). */
export const useResultSheet = (classId: number, termId: number | undefined) =>
  useQuery({
    queryKey: queryKeys.results.sheet(classId, termId ?? 0),
    queryFn: () => call('getResultSheet', { class_id: classId, term_id: termId ?? 0 }),
    enabled: termId !== undefined,
  });

/**
 * Typed scores, one cell or a pasted column, in one call. The answer holds the changed
 * students' lines (their totals and outcomes now), which replace theirs on the sheet at once;
 * the saves of one sheet go one after another, so a later answer is never overwritten by an
 * earlier one.
 */
export function useSaveScores(classId: number, termId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: `result-scores-${classId}-${termId}` },
    mutationFn: (scores: CallRequest<'saveResultScores'>['scores']) =>
      call('saveResultScores', { class_id: classId, term_id: termId, scores }),
    onSuccess: (answer) => {
      const lines = new Map(answer.students.map((line) => [line.id, line]));
      queryClient.setQueryData<Sheet>(queryKeys.results.sheet(classId, termId), (sheet) =>
        sheet
          ? { ...sheet, students: sheet.students.map((line) => lines.get(line.id) ?? line) }
          : sheet,
      );
    },
  });
}

/** Publishes a class's sheet (again: what changed); the sheet is read again after. */
export const usePublishResults = () => useRefreshingCall('publishResults', queryKeys.results.all);

/** The scheme a class follows (or the academy's, with no class) and the bands. */
export const useResultScheme = (classId?: number) =>
  useQuery({
    queryKey: queryKeys.results.scheme(classId),
    queryFn: () => call('getResultScheme', classId === undefined ? {} : { class_id: classId }),
  });

/** A scheme saved (the academy's, or a class's): every sheet and scheme shown is read again. */
export const useSaveScheme = () => useRefreshingCall('saveResultScheme', queryKeys.results.all);

/** The bands saved: every sheet's outcomes are read again. */
export const useSaveBands = () => useRefreshingCall('saveResultBands', queryKeys.results.all);

/** The signed-in student's published results, latest term first, kept for reading offline. */
export const useOwnResults = () =>
  useOwnQuery(queryKeys.results.of, (userId) => call('getResults', { user_id: userId }), {
    meta: { offline: true },
  });

/** A student's published results, as staff read them on the student's page. */
export const useStudentResults = (userId: number) =>
  useQuery({
    queryKey: queryKeys.results.of(userId),
    queryFn: () => call('getResults', { user_id: userId }),
  });
