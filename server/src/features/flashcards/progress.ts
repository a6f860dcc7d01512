import { addDays } from '../../db/time.js';

/**
 * The rules of the Leitner progress chart (docs/decisions.md "Leitner progress"). Days are
 * academy-local calendar days, 'YYYY-MM-DD'.
 */

/** How far back the run of days practised is looked for: a run longer than this shows as this. */
export const STREAK_WINDOW_DAYS = 400;

/**
 * The academy's week around `today`: Saturday to Friday, the spec's week days (section 9).
 * "Due this week" means due by its Friday; "this week's answers" count from its Saturday.
 */
export function weekOf(today: string): { start: string; end: string } {
  // getUTCDay: 0 Sunday … 6 Saturday; days since the last Saturday: (day + 1) mod 7.
  const sinceSaturday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 1) % 7;
  const start = addDays(today, -sinceSaturday);
  return { start, end: addDays(start, 6) };
}

/**
 * The run of days practised: consecutive days with at least one answer, ending today, or
 * ending yesterday while today has no answer yet (the run is not broken before the day is
 * over). `days` may repeat and come in any order.
 */
export function streakOf(days: Iterable<string>, today: string): number {
  const practised = new Set(days);
  let day = practised.has(today) ? today : addDays(today, -1);
  let run = 0;
  while (practised.has(day)) {
    run += 1;
    day = addDays(day, -1);
  }
  return run;
}
