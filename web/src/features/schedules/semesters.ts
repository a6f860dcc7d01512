import { SEMESTER_MODULUS } from '@academy/contract/constants';
import { isToCome, type PlacedSession } from '@academy/contract/schedule-now';

export interface Semester<T> {
  /** 'Semester 1', 'Semester 2', … in number order. */
  title: string;
  sessions: T[];
}

export interface Semesters<T> {
  /**
   * The group holding the next session and every later one (issue 49, point 2); the latest
   * group when no session is to come. Oldest first.
   */
  current: Semester<T>[];
  /** The groups entirely in the past, before the current ones, oldest first. */
  archived: Semester<T>[];
}

/**
 * Splits sessions into semesters (spec section 4): in session-number order, a number ending in
 * 1 (number mod 10 equals 1) after earlier sessions starts a new semester, titled 'Semester N'
 * by its place. A group that holds a session still to come on `today` (the academy's day;
 * contract/src/schedule-now.ts, isToCome) is never archived: the group holding the next
 * session and all after it are current, the ones before archived. With none to come, the
 * latest group is current, as the spec has it.
 */
export function groupIntoSemesters<T extends PlacedSession>(
  sessions: readonly T[],
  today: string,
): Semesters<T> {
  const sorted = [...sessions].sort((a, b) => a.session_number - b.session_number);
  const groups: T[][] = [];
  for (const session of sorted) {
    const last = groups.at(-1);
    if (!last || session.session_number % SEMESTER_MODULUS === 1) groups.push([session]);
    else last.push(session);
  }
  const titled = groups.map((group, i) => ({ title: `Semester ${i + 1}`, sessions: group }));
  const next = titled.findIndex((group) => group.sessions.some((s) => isToCome(s, today)));
  const split = next === -1 ? Math.max(0, titled.length - 1) : next;
  return { current: titled.slice(split), archived: titled.slice(0, split) };
}
