import { addDays } from '../../db/time.js';

/**
 * The rules of the Leitner progress chart (docs/decisions.md "Leitner progress"). Days are
 * academy-local calendar days, 'YYYY-MM-DD'.
 */

/** How far back the run of days practised is looked for: a run longer than this shows as this. */
export const STREAK_WINDOW_DAYS = 400;

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
