import type { CallResponse } from '@academy/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { keptChangeOptions } from '../../api/kept-changes';
import { queryKeys } from '../../api/query-keys';
import { keepsTeachingDay } from '../../shared/offline-cache';
import { type RollPayload, rollSaves } from './save-roll';

export type Roll = CallResponse<'getRoll'>;
export type RollStudent = Roll['students'][number];

/**
 * A class session's roll: a teacher's is kept on the phone for use offline (issue 49, point 1;
 * the home warms today's, use-kept-day.ts), so the roll is taken with no signal.
 */
export const rollQuery = (sessionId: number) =>
  queryOptions({
    queryKey: queryKeys.roll.ofSession(sessionId),
    queryFn: () => call('getRoll', { class_session_id: sessionId }),
    meta: { offline: keepsTeachingDay() },
  });

/** A class session's roll. */
export const useRoll = (sessionId: number) => useQuery(rollQuery(sessionId));

/**
 * Saves a roll. Offline it waits and is kept (a reload too); the screen shows the marks as
 * saved at once either way, and the timetable, schedules and today's classes refresh once it
 * has gone.
 */
export function useSaveRoll() {
  const queryClient = useQueryClient();
  return useMutation({
    ...keptChangeOptions(rollSaves),
    onMutate: (payload: RollPayload) => {
      const marks = new Map(payload.marks.map((m) => [m.user_id, m]));
      queryClient.setQueryData<Roll>(queryKeys.roll.ofSession(payload.class_session_id), (roll) =>
        roll
          ? {
              ...roll,
              students: roll.students.map((s) => {
                const mark = marks.get(s.id);
                return mark ? { ...s, mark: mark.mark, note: mark.note } : s;
              }),
            }
          : roll,
      );
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.roll.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.classes.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.schedule.all }),
        // The teacher's home says the roll is taken (this tab hears no event of its own save).
        queryClient.invalidateQueries({ queryKey: queryKeys.teachingDay.all }),
      ]),
  });
}
