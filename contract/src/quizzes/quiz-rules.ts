/**
 * A quiz's words and limits without zod (issue 51), so the browser reads them from here: the
 * schemas (schemas/quizzes.ts, review.ts) build zod at load, and zod never reaches the
 * browser (bench/size.mjs). The schemas re-export these, so the server reads them either way.
 */

export const QUIZ_LIMITS = {
  title: 200,
  description: 5000,
  /** Parts of one quiz: fixed items and draws. */
  parts: 100,
  /** Items one draw may take from the bank. */
  draw: 100,
  /** A time limit's most minutes (ten hours). */
  minutes: 600,
  /** Attempts a quiz may allow (0: as many as the student likes). */
  attempts: 100,
  /** Answers one save may carry (a phone back online sends its queue). */
  answersPerSave: 100,
} as const;

/** The kinds of quiz a teacher builds; 'practice' quizzes are a student's own. */
export const SENT_QUIZ_KINDS = ['quiz', 'placement'] as const;
export const QUIZ_KINDS = [...SENT_QUIZ_KINDS, 'practice'] as const;
export type QuizKind = (typeof QUIZ_KINDS)[number];

/** What a quiz does with a student's wrong answers: offers a Leitner card, or makes it. */
export const QUIZ_CARDS = ['offer', 'make'] as const;

/** When the review shows what its options allow (review.ts explains the choice). */
export const REVIEW_WHEN = ['at_once', 'after_close'] as const;

export const REVIEW_WHEN_WORDS: Record<(typeof REVIEW_WHEN)[number], string> = {
  at_once: 'As soon as the attempt is submitted',
  after_close: 'After the quiz closes',
};
