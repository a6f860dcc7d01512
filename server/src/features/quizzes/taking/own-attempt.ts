import type { Db } from '../../../db/index.js';
import { notFound } from '../../../http/errors.js';
import { type AttemptRow, closeIfOverdue, findAttempt } from './attempts-data.js';
import { findQuiz } from './quizzes-data.js';

export const NO_ATTEMPT = 'No such attempt.';

/** What a student's call on one of their attempts brings: the database, the clock, who. */
export interface StudentCtx {
  db: Db;
  now: () => number;
  input: { user_id: number };
}

/**
 * The student's own attempt, closed first if it is past its deadline. Another student's
 * attempt is answered as one that does not exist. (A quiz's deletion takes its attempts.)
 */
export async function ownAttempt(ctx: StudentCtx, attemptId: number): Promise<AttemptRow> {
  const found = await findAttempt(ctx.db, attemptId);
  if (!found || found.user_id !== ctx.input.user_id) throw notFound(NO_ATTEMPT);
  return closeIfOverdue(ctx.db, found, ctx.now());
}

/** The student's own attempt with its quiz, for the calls that show the quiz. */
export async function ownAttemptAndQuiz(ctx: StudentCtx, attemptId: number) {
  const attempt = await ownAttempt(ctx, attemptId);
  const quiz = await findQuiz(ctx.db, attempt.quiz_id);
  if (!quiz) throw notFound(NO_ATTEMPT);
  return { attempt, quiz };
}
