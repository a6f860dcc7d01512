import type { CallResponse } from '@academy/contract';
import { POLL_MS } from '@academy/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { usePollInterval } from '../../api/live';
import { queryKeys } from '../../api/query-keys';

export type TeachingDay = CallResponse<'getTeachingDay'>;
export type TodaySession = TeachingDay['sessions'][number];

/**
 * A teacher's day (issue 29): their classes' sessions of today with their rolls, and what waits
 * for a correction. Polled like the admin's counts, so a new day and new work show without the
 * live stream too.
 */
export const useTeachingDay = () =>
  useQuery({
    queryKey: queryKeys.teachingDay.day(),
    queryFn: () => call('getTeachingDay', {}),
    refetchInterval: usePollInterval(POLL_MS),
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
