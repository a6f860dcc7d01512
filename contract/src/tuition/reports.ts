import { dayNumberOf } from '../schedule-pattern.js';

/**
 * The money reports' rules (issue 52, point 8), pure and without zod: the server refuses a
 * range with them and the screen says the same words before asking.
 */

/** The longest range income is asked over, in days (first and last day counted). */
export const INCOME_RANGE_DAYS_MAX = 400;

/** The most numbers each list of the receipt check names (the counts are always whole). */
export const RECEIPT_CHECK_LIST_MAX = 200;

export const INCOME_PERIODS = ['day', 'month'] as const;
export type IncomePeriod = (typeof INCOME_PERIODS)[number];

/**
 * What is wrong with an income range, in words, or null: a last day before the first, or more
 * than INCOME_RANGE_DAYS_MAX days. Days that are not dates are the fields' own refusal.
 */
export function incomeRangeProblem(from: string, to: string): string | null {
  const [first, last] = [dayNumberOf(from), dayNumberOf(to)];
  if (first === null || last === null) return null;
  if (last < first) return 'The range must end on or after the day it starts.';
  const days = last - first + 1;
  if (days > INCOME_RANGE_DAYS_MAX)
    return `A range may be at most ${INCOME_RANGE_DAYS_MAX} days long; this one is ${days}.`;
  return null;
}
