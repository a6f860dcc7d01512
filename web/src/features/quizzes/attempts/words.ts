import { formatPoints, type Mark, markText } from '@academy/contract/marks';
import type { CountsRule } from '@academy/contract/quizzes/attempts';
import { COUNTS_RULE_WORDS } from '@academy/contract/quizzes/attempts';
import { formatLongDateTime } from '../../../lib/dates';

/** How an answer came out, as the attempt's screen says it, and its tag's colour. */
export const OUTCOMES = {
  right: { words: 'Right', tone: 'success' },
  partial: { words: 'Partly right', tone: 'warning' },
  wrong: { words: 'Wrong', tone: 'danger' },
  unanswered: { words: 'Not answered', tone: 'info' },
  awaiting: { words: 'Awaits a mark', tone: 'warning' },
} as const;
export type Outcome = keyof typeof OUTCOMES;

/** '1 spoken answer to mark', '2 spoken answers to mark'. */
export const awaitingWords = (count: number) =>
  `${count} spoken ${count === 1 ? 'answer' : 'answers'} to mark`;

/** An attempt's mark: the mark, or why there is none yet. */
export function attemptMarkWords(attempt: {
  mark: Mark | null;
  awaiting_marks: number;
  submitted_at: string | null;
}): string {
  if (attempt.submitted_at === null) return 'Not submitted yet';
  if (attempt.awaiting_marks > 0) return awaitingWords(attempt.awaiting_marks);
  return attempt.mark ? markText(attempt.mark) : 'No mark';
}

/** The mark that counts, by the quiz's rule: '8.5 / 10 (the highest attempt)'. */
export function countedWords(counted: Mark | null, rule: CountsRule): string {
  const how = COUNTS_RULE_WORDS[rule].toLowerCase();
  return counted ? `${markText(counted)} (${how})` : `No mark counts yet (${how})`;
}

/** How an attempt ended, or when it will. */
export function endWords(attempt: {
  submitted_at: string | null;
  closed_by: 'student' | 'time' | null;
  deadline: string;
}): string {
  if (attempt.submitted_at === null)
    return `Going on: closes ${formatLongDateTime(attempt.deadline)}`;
  return attempt.closed_by === 'time'
    ? `Closed when time ran out, ${formatLongDateTime(attempt.submitted_at)}`
    : `Submitted ${formatLongDateTime(attempt.submitted_at)}`;
}

/** An answer's points: '1.5 of 2 points', or that a teacher's mark is awaited. */
export function pointsWords(item: { hundredths: number | null; points: number }): string {
  const of = `${item.points} ${item.points === 1 ? 'point' : 'points'}`;
  return item.hundredths === null
    ? `Not marked yet, out of ${of}`
    : `${formatPoints(item.hundredths)} of ${of}`;
}

/** Seconds the student's device counted on an item: '1 min 5 s', '40 s'. */
export function secondsWords(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const rest = seconds % 60;
  return rest === 0
    ? `${Math.floor(seconds / 60)} min`
    : `${Math.floor(seconds / 60)} min ${rest} s`;
}
