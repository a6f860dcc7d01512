import { dayNumberOf } from './schedule-pattern.js';

/**
 * Where the academy's today falls in a student's schedule (issue 49, point 2), pure: the
 * student's Schedule keeps the semester holding the next session current, and the student's
 * page shows the sessions around today.
 */

export interface PlacedSession {
  session_number: number;
  session_date: string;
  status: string;
}

/**
 * Whether a session is still to come on `today` ('YYYY-MM-DD', the academy's): one dated as a
 * date is by its date (today's included, held or not); one whose date is other free text, by
 * its status ('Next Session', in any case).
 */
export function isToCome(session: PlacedSession, today: string): boolean {
  if (dayNumberOf(session.session_date) !== null) return session.session_date.trim() >= today;
  return session.status.trim().toLowerCase() === 'next session';
}

/** How many sessions before the next one the student's page shows (the latest held). */
export const SESSIONS_BEFORE_NEXT = 3;

/**
 * Up to `size` sessions around today, in number order: the next session to come with the few
 * before it (SESSIONS_BEFORE_NEXT) and the rest after it, moved back when too few follow; the
 * last `size` when none is to come.
 */
export function sessionsAround<T extends PlacedSession>(
  sessions: readonly T[],
  today: string,
  size: number,
): T[] {
  const sorted = [...sessions].sort((a, b) => a.session_number - b.session_number);
  const next = sorted.findIndex((s) => isToCome(s, today));
  const latest = Math.max(0, sorted.length - size);
  const from = next === -1 ? latest : Math.min(Math.max(0, next - SESSIONS_BEFORE_NEXT), latest);
  return sorted.slice(from, from + size);
}
