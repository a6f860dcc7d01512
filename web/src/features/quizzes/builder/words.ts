import type { ItemSkill } from '@academy/contract/quizzes/items';
import {
  type QUIZ_CARDS,
  type QuizKind,
  REVIEW_WHEN,
  REVIEW_WHEN_WORDS,
  SENT_QUIZ_KINDS,
} from '@academy/contract/quizzes/quiz-rules';
import type { ReviewOptions } from '@academy/contract/quizzes/review';
import { formatDue } from '../../../lib/dates';
import { tagsLine } from '../bank/words';

/**
 * The builder's words. The lists of kinds, review times and card choices are the contract's
 * zod-free quizzes/quiz-rules.ts (zod never reaches the browser: bench/size.mjs).
 */

export { REVIEW_WHEN, REVIEW_WHEN_WORDS };

/** The kinds a teacher builds. */
export const BUILT_KINDS = SENT_QUIZ_KINDS;
export type BuiltKind = (typeof BUILT_KINDS)[number];

export const KIND_WORDS: Record<QuizKind, string> = {
  quiz: 'Quiz',
  placement: 'Placement test',
  practice: 'Practice',
};

/** What the review may show, each as its check box says it. */
export const REVIEW_SHOWS = [
  ['score', 'Their mark'],
  ['answers', 'Their answers'],
  ['right_answers', 'The right answers'],
  ['feedback', 'The items’ feedback'],
] as const satisfies readonly (readonly [Exclude<keyof ReviewOptions, 'when'>, string])[];

export type CardsChoice = (typeof QUIZ_CARDS)[number];

/** What a wrong answer does for the student's Leitner box. */
export const CARDS_WORDS: Record<CardsChoice, string> = {
  offer: 'Offer a card for each mistake (the student chooses)',
  make: 'Make a card of each mistake in the student’s Leitner box',
};

export { skillWord } from '../bank/words';

/** A tag in words: 'B1 · Grammar · Unit 3', or `none` (a draw's: any item of the bank). */
export const tagWords = (
  tag: { level: string | null; skill: ItemSkill | null; unit: string | null },
  none = 'any level, skill and unit',
) => tagsLine(tag, none);

/** '1 item', '3 items'. */
export const itemsWord = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/** A quiz's window on the academy's clock: 'Open from … to …'. */
export const windowWords = (start: string, end: string, zone: string | undefined) =>
  `Open from ${formatDue(start, zone)} to ${formatDue(end, zone)}`;

/** How long an attempt may last and how many a student has. */
export function rulesWords(quiz: { time_limit_minutes: number | null; attempts_allowed: number }) {
  const time =
    quiz.time_limit_minutes === null
      ? 'No time limit'
      : `${quiz.time_limit_minutes} ${quiz.time_limit_minutes === 1 ? 'minute' : 'minutes'}`;
  const attempts =
    quiz.attempts_allowed === 0
      ? 'as many attempts as a student likes'
      : `${quiz.attempts_allowed} ${quiz.attempts_allowed === 1 ? 'attempt' : 'attempts'}`;
  return `${time} · ${attempts}`;
}

/** Who it went to and how far they are: 'Sent to B1 Evening (12) · 5 started · 3 submitted'. */
export function reachWords(quiz: {
  recipients: string;
  sent: number;
  started: number;
  submitted: number;
}): string {
  if (quiz.recipients === '' && quiz.sent === 0) return 'Not sent yet';
  const who = `Sent to ${quiz.recipients || `${quiz.sent} students`}`;
  const students = quiz.sent === 1 ? '1 student' : `${quiz.sent} students`;
  return `${who} (${students}) · ${quiz.started} started · ${quiz.submitted} submitted`;
}

/** What a screen was told on arriving: a new quiz's "created", a deleted one's "deleted". */
export const arrivedWith = (state: unknown) =>
  state && typeof state === 'object' && 'message' in state ? String(state.message) : null;
