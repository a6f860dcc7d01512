import type { CallResponse } from '@academy/contract';
import { POLL_MS } from '@academy/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { usePollInterval } from '../../api/live';
import { queryKeys } from '../../api/query-keys';
import { keepsTeachingDay } from '../../shared/offline-cache';

export type TeachingDay = CallResponse<'getTeachingDay'>;
export type TodaySession = TeachingDay['sessions'][number];

/**
 * Today's class sessions and their rolls (issue 29), and what waits for a correction: a
 * teacher's of their classes (their home), every class's for the administrator (the
 * dashboard). The live topics refresh it as classes, timetables and rolls change; the poll
 * catches the day turning while the screen stays open. A teacher's is kept on the phone for
 * use offline (issue 49, point 1), an administrator's is not.
 */
export const useTeachingDay = () =>
  useQuery({
    queryKey: queryKeys.teachingDay.day(),
    queryFn: () => call('getTeachingDay', {}),
    refetchInterval: usePollInterval(POLL_MS),
    meta: { offline: keepsTeachingDay() },
  });

/** A session whose roll is still to take: its day has come, it is not cancelled, none taken. */
export const isRollToTake = (session: TodaySession) => session.roll === 'due' && !session.cancelled;

/**
 * The day's sessions with the rolls still to take first, each part in the day's order (the
 * server's: by time, then class).
 */
export function rollsToTakeFirst(sessions: readonly TodaySession[]): TodaySession[] {
  return [...sessions.filter(isRollToTake), ...sessions.filter((s) => !isRollToTake(s))];
}

/** The rolls of today still to take. */
export const rollsDue = (sessions: readonly TodaySession[]) => sessions.filter(isRollToTake).length;
