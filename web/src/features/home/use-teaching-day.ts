import type { CallResponse } from '@academy/contract';
import { POLL_MS } from '@academy/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../api/client';
import { usePollInterval } from '../../api/live';
import { queryKeys } from '../../api/query-keys';
import { todayOn } from '../../lib/dates';
import { useAcademyTimeZone } from '../../shared/branding';
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
export function useTeachingDay() {
  const today = todayOn(useAcademyTimeZone());
  const asOfToday = useCallback((day: TeachingDay) => dayAsOf(day, today), [today]);
  return useQuery({
    queryKey: queryKeys.teachingDay.day(),
    queryFn: () => call('getTeachingDay', {}),
    refetchInterval: usePollInterval(POLL_MS),
    meta: { offline: keepsTeachingDay() },
    select: asOfToday,
  });
}

/**
 * The day as it stands on `today` (issue 49, point 1): the answer itself while it is today's;
 * a day kept on a teacher's phone from an earlier day (opened offline since) is read again from
 * what it holds: that day's sessions, the coming days' (a teacher's week ahead), and the rolls
 * not taken. Today's sessions are those of `today`; a roll not taken of an earlier day is due.
 */
export function dayAsOf(day: TeachingDay, today: string): TeachingDay {
  if (day.today >= today) return day;
  const kept = [...(day.untaken_rolls ?? []), ...day.sessions, ...(day.coming_sessions ?? [])];
  const onToday = (session: TodaySession): TodaySession => ({
    ...session,
    roll:
      session.roll === 'taken'
        ? 'taken'
        : !session.cancelled && session.session_date <= today
          ? 'due'
          : 'not-yet',
  });
  return {
    ...day,
    today,
    sessions: kept.filter((s) => s.session_date === today).map(onToday),
    untaken_rolls: kept
      .filter((s) => s.session_date < today)
      .map(onToday)
      .filter(isRollToTake),
    coming_sessions: kept.filter((s) => s.session_date > today),
  };
}

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
