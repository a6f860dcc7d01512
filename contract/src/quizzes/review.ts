import { z } from 'zod';
import { REVIEW_WHEN } from './quiz-rules.js';

/**
 * What a student may see of a closed attempt, and when (issue 51, point 2): the quiz's review
 * options, stored as JSON in quizzes.review and checked with this schema when a quiz is saved.
 *
 * - `score`: the attempt's mark.
 * - `answers`: what the student gave, item by item.
 * - `right_answers`: the key: the right answers, and which of the student's answers (and
 *   which parts of them) were right.
 * - `feedback`: the items' feedback (it tells the answer, so it is key too).
 *
 * `when`: 'at_once' as soon as the attempt is closed; 'after_close' once the quiz's window has
 * closed (access_end), so students still taking it cannot be told the answers. Nothing at all is
 * shown while the attempt is open.
 *
 * The defaults (a field left out takes its default): at once, the score and the student's
 * answers, but not the right answers nor the feedback. A quiz's window is often days long, and
 * right answers shown at once go round the class before the others have sat it; a teacher who
 * wants them shown turns them on, or turns them on once the window has closed (the review is
 * worked out when it is read, so a change to the options applies to attempts already closed).
 */

export { REVIEW_WHEN, REVIEW_WHEN_WORDS } from './quiz-rules.js';

export const ReviewOptions = z.object({
  when: z.enum(REVIEW_WHEN).default('at_once'),
  score: z.boolean().default(true),
  answers: z.boolean().default(true),
  right_answers: z.boolean().default(false),
  feedback: z.boolean().default(false),
});
export type ReviewOptions = z.infer<typeof ReviewOptions>;

/** The review options of a quiz that says nothing: every field's default. */
export const DEFAULT_REVIEW: ReviewOptions = Object.freeze(ReviewOptions.parse({}));

/** What the review shows now. */
export interface ReviewShows {
  score: boolean;
  answers: boolean;
  right_answers: boolean;
  feedback: boolean;
}

const NOTHING: ReviewShows = {
  score: false,
  answers: false,
  right_answers: false,
  feedback: false,
};

/**
 * What a student may see of an attempt now: nothing while the attempt is open; with
 * 'after_close', nothing until `now` reaches the quiz's `accessEnd` (milliseconds, the
 * academy's clock); then what the options allow.
 */
export function reviewShows(
  options: ReviewOptions,
  at: { now: number; accessEnd: number; attemptClosed: boolean },
): ReviewShows {
  if (!at.attemptClosed) return NOTHING;
  if (options.when === 'after_close' && at.now < at.accessEnd) return NOTHING;
  return {
    score: options.score,
    answers: options.answers,
    right_answers: options.right_answers,
    feedback: options.feedback,
  };
}
