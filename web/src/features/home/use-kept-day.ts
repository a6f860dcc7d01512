import {
  onlineManager,
  type QueryClient,
  type UseQueryResult,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../api/query-keys';
import { keepsTeachingDay } from '../../shared/offline-cache';
import { rollQuery } from '../roll/use-roll';
import type { TeachingDay } from './use-teaching-day';

/**
 * The sessions whose rolls a teacher's phone keeps: the day's, the coming days' (a week ahead)
 * and the earlier ones whose roll is not taken; all but the cancelled.
 */
export const sessionsToKeep = (day: TeachingDay): number[] =>
  [...(day.untaken_rolls ?? []), ...day.sessions, ...(day.coming_sessions ?? [])]
    .filter((session) => !session.cancelled)
    .map((session) => session.id);

/**
 * Forgets the kept rolls of sessions no longer in the day (yesterday's), so the phone keeps
 * today's, not every roll opened in the last 14 days. A roll on screen stays.
 */
export function dropOtherRolls(queryClient: QueryClient, kept: readonly number[]): void {
  const keep = new Set(kept);
  for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.roll.all })) {
    const [, id] = query.queryKey;
    if (
      query.meta?.offline &&
      typeof id === 'number' &&
      !keep.has(id) &&
      !query.getObserversCount()
    )
      queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
  }
}

/**
 * Warms the phone for a day with no signal (issue 49, point 1): once a teacher's day has come
 * from the server on a visit to their home (the first screen after signing in, and every one
 * after), the roll of each of its sessions is fetched too, with its students, and kept with
 * the day (queries marked `meta.offline`), so the app opened offline lists today's classes and
 * takes their rolls. Again whenever the day's sessions change; not on every poll.
 */
export function useKeptDay(day: UseQueryResult<TeachingDay>): void {
  const queryClient = useQueryClient();
  const fresh = day.isFetchedAfterMount && day.data !== undefined && keepsTeachingDay();
  const ids = fresh && day.data ? sessionsToKeep(day.data).join(',') : undefined;
  useEffect(() => {
    if (ids === undefined || !onlineManager.isOnline()) return;
    const kept = ids === '' ? [] : ids.split(',').map(Number);
    dropOtherRolls(queryClient, kept);
    for (const id of kept) void queryClient.prefetchQuery(rollQuery(id));
  }, [ids, queryClient]);
}
