import type { Caller } from '../../../auth/caller.js';
import { withinOf } from '../../../auth/reach.js';
import type { Db } from '../../../db/index.js';
import { forbidden, notFound } from '../../../http/errors.js';
import { findQuiz, type QuizRow, reachesQuiz } from './quizzes-data.js';

export const NO_QUIZ = 'No such quiz.';
const NOT_YOURS_TO_CHANGE =
  'You can only change and send the quizzes you made, for the students of your classes.';

/**
 * A quiz a staff caller names: an administrator reaches every quiz sent by staff; a teacher
 * sees those they made or sent to their students, and changes those they made for their
 * students only (quizzes-data.ts). A quiz a teacher cannot see is answered as one that does
 * not exist, so a teacher cannot learn what exists beyond their classes.
 */
export async function staffQuiz(
  ctx: { db: Db; caller: Caller },
  id: number,
  how: 'sees' | 'changes',
): Promise<QuizRow> {
  const within = withinOf(ctx.caller);
  const quiz = await findQuiz(ctx.db, id);
  if (!quiz || quiz.practice_for !== null) throw notFound(NO_QUIZ);
  if (within === undefined) return quiz;
  if (!(await reachesQuiz(ctx.db, id, within, 'sees'))) throw notFound(NO_QUIZ);
  if (how === 'changes' && !(await reachesQuiz(ctx.db, id, within, 'changes')))
    throw forbidden(NOT_YOURS_TO_CHANGE);
  return quiz;
}
