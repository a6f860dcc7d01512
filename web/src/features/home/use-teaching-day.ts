import type { CallResponse } from '@academy/contract';
import { POLL_MS } from '@academy/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { usePollInterval } from '../../api/live';
import { queryKeys } from '../../api/query-keys';

export type TeachingDay = CallResponse<'getTeachingDay'>;
export type TodaySession = TeachingDay['sessions'][number];

/**
 * Today's class sessions and their rolls (issue 29): every class's, for the administrator.
 * The live topics refresh it as classes, timetables and rolls change; the poll catches the
 * day turning while the dashboard stays open.
 */
export const useTeachingDay = () =>
  useQuery({
    queryKey: queryKeys.teachingDay.today(),
    queryFn: () => call('getTeachingDay', {}),
    refetchInterval: usePollInterval(POLL_MS),
  });

/** The rolls of today still to take: a session not cancelled whose roll is not taken. */
export const rollsDue = (sessions: TodaySession[]) =>
  sessions.filter((s) => s.roll === 'due').length;
