import { dayNumberOf } from './schedule-pattern.js';

/**
 * The academy's terms (issue 30, point 2): each a name and its first and last day
 * ('YYYY-MM-DD', both in the term), set in Settings. Terms never overlap, so a day is in one
 * term at most: the current term is the one holding the academy's today, and the roll's
 * figures count within it. The spec's "Semester N" of a student's Schedule is another thing
 * (the spec's own grouping) and stays as it is.
 */

/** The longest name a term may have. */
export const TERM_NAME_MAX = 60;

export interface TermDays {
  first_day: string;
  last_day: string;
}

export interface Term extends TermDays {
  id: number;
  name: string;
}

/** A term's days as people read them: "2026-09-01 to 2026-12-31". */
export const termDaysText = (term: TermDays) => `${term.first_day} to ${term.last_day}`;

/**
 * What is wrong with a term's name and days on their own, in the Settings screen's words, or
 * null. Days are real calendar days written YYYY-MM-DD; the first comes no later than the last.
 */
export function termProblem(term: { name: string } & TermDays): string | null {
  const name = term.name.trim();
  if (name === '') return 'Please enter the term’s name.';
  if (name.length > TERM_NAME_MAX)
    return `The term’s name must be at most ${TERM_NAME_MAX} characters.`;
  const first = dayNumberOf(term.first_day);
  if (first === null) return 'The first day must be a date, such as 2026-09-01.';
  const last = dayNumberOf(term.last_day);
  if (last === null) return 'The last day must be a date, such as 2026-12-31.';
  if (first > last) return 'The last day must not come before the first day.';
  return null;
}

/** Whether two terms share a day (both ends count). */
export const termsOverlap = (a: TermDays, b: TermDays) =>
  a.first_day <= b.last_day && b.first_day <= a.last_day;

/**
 * What refuses a term among the others (the term itself, by its id, is not another), or null:
 * a name another term has (in any case), or days another term holds, named.
 */
export function termClash(
  term: { id?: number | undefined; name: string } & TermDays,
  terms: readonly Term[],
): string | null {
  const others = terms.filter((t) => t.id !== term.id);
  const name = term.name.trim().toLowerCase();
  const named = others.find((t) => t.name.trim().toLowerCase() === name);
  if (named) return `There is already a term named “${named.name}”.`;
  const overlapped = others.find((t) => termsOverlap(term, t));
  if (overlapped)
    return `These days overlap the term “${overlapped.name}” (${termDaysText(overlapped)}).`;
  return null;
}

/** The term holding a day (the academy's today: the current term), or null. */
export function termOn<T extends TermDays>(terms: readonly T[], day: string): T | null {
  return terms.find((t) => t.first_day <= day && day <= t.last_day) ?? null;
}
