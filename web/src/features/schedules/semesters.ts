import { SEMESTER_MODULUS } from '@academy/contract/constants';

export interface Numbered {
  session_number: number;
}

export interface Semesters<T> {
  /** The latest group: the current schedule. */
  current: T[];
  /** The earlier groups, oldest first, titled 'Semester 1', 'Semester 2', … */
  archived: { title: string; sessions: T[] }[];
}

/**
 * Splits sessions into semesters (spec section 4): in session-number order, a number ending in
 * 1 (number mod 10 equals 1) after earlier sessions starts a new semester. Earlier groups are
 * archived; the latest is current.
 */
export function groupIntoSemesters<T extends Numbered>(sessions: readonly T[]): Semesters<T> {
  const sorted = [...sessions].sort((a, b) => a.session_number - b.session_number);
  const groups: T[][] = [];
  for (const session of sorted) {
    const last = groups.at(-1);
    if (!last || session.session_number % SEMESTER_MODULUS === 1) groups.push([session]);
    else last.push(session);
  }
  const current = groups.pop() ?? [];
  return {
    current,
    archived: groups.map((sessions, i) => ({ title: `Semester ${i + 1}`, sessions })),
  };
}
