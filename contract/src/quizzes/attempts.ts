import { divideHalfUp } from '../results.js';

/**
 * An attempt's mark and the mark that counts when a quiz allows several (issue 51, points 2
 * and 4), with the app's marks rules (marks.ts, results.ts): whole hundredths, rounded half up
 * once where a figure is made.
 */

/** Which of a student's attempts gives the quiz's mark. */
export const COUNTS_RULES = ['highest', 'last', 'average', 'first'] as const;
export type CountsRule = (typeof COUNTS_RULES)[number];

export const COUNTS_RULE_WORDS: Record<CountsRule, string> = {
  highest: 'The highest attempt',
  last: 'The last attempt',
  average: 'The average of the attempts',
  first: 'The first attempt',
};

/**
 * An attempt's mark in hundredths of a point out of `outOf`: the hundredths its answers earned
 * over the total of its items' points, scaled to `outOf`, rounded half up once (18.5 of 20
 * points out of 10 → 925). Null while any answer awaits a teacher (a spoken answer), and for an
 * attempt with no items (there is nothing to mark).
 */
export function attemptMark(
  answers: readonly { hundredths: number | null; points: number }[],
  outOf: number,
): number | null {
  let earned = 0;
  let points = 0;
  for (const answer of answers) {
    if (answer.hundredths === null) return null;
    earned += answer.hundredths;
    points += answer.points;
  }
  if (points === 0) return null;
  // earned / (100 × points) of outOf points, in hundredths: earned × outOf / points.
  return divideHalfUp(earned * outOf, points);
}

/**
 * The mark that counts among a student's closed attempts (pass only closed ones: an open
 * attempt counts for nothing yet), in hundredths as attemptMark gives them.
 *
 * An attempt awaiting a teacher (null) holds back only the marks it could change: 'first' and
 * 'last' wait for that one attempt alone; 'highest' and 'average' wait while any attempt
 * awaits, because its mark could be the highest and is part of the average. So the mark shown
 * is never one that will later be replaced by a different attempt's. Null with no attempts.
 * The average is rounded half up once.
 */
export function countingMark(
  attempts: readonly { number: number; hundredths: number | null }[],
  rule: CountsRule,
): number | null {
  if (attempts.length === 0) return null;
  const ordered = [...attempts].sort((a, b) => a.number - b.number);
  if (rule === 'first') return ordered[0]?.hundredths ?? null;
  if (rule === 'last') return ordered[ordered.length - 1]?.hundredths ?? null;
  const marks: number[] = [];
  for (const attempt of ordered) {
    if (attempt.hundredths === null) return null;
    marks.push(attempt.hundredths);
  }
  if (rule === 'highest') return Math.max(...marks);
  return divideHalfUp(
    marks.reduce((sum, mark) => sum + mark, 0),
    marks.length,
  );
}
