import { type CountsRule, countingMark } from '@academy/contract/quizzes/attempts';
import type { Db } from '../db/index.js';
import { inSlices } from '../db/lists.js';

/**
 * Students' quiz marks as a result sheet counts them (issue 51, point 4): for each student, one
 * mark per quiz sent to them among those chosen, the quiz's counting rule applied to their
 * closed attempts. Below the features: the result sheet reads it (a 'quizzes' component), and
 * anything else that sums a student's quiz marks should, so they agree.
 *
 * Which quizzes: one quiz (`quizId`, whenever it ran), or the sent quizzes whose window ends
 * within the range, all of them or those with a tag. Placement tests and practice quizzes are
 * never counted (a placement test places a new student; practice is the student's own).
 *
 * A quiz the student did not take counts 0 once its window has closed (the time to take it is
 * over), and nothing while it is open; a mark awaiting a teacher (a spoken answer) counts
 * nothing yet. A teacher who excuses a missed quiz excuses the component on the sheet.
 */

export interface QuizChoice {
  quizId?: number | null | undefined;
  tag?: string | null | undefined;
}

/** A quiz's mark in hundredths of its `out_of`, as `meanPercent` reads marks. */
export interface QuizMark {
  quiz_id: number;
  hundredths: number;
  out_of: number;
}

export async function quizMarksOf(
  db: Db,
  studentIds: readonly number[],
  choice: QuizChoice,
  range: { from: number; to: number; now: number },
): Promise<Map<number, QuizMark[]>> {
  const marks = new Map<number, QuizMark[]>();
  let quizzes = db
    .selectFrom('quizzes')
    .select(['id', 'counts', 'out_of', 'access_end'])
    .where('kind', '=', 'quiz')
    .where('practice_for', 'is', null);
  if (choice.quizId != null) quizzes = quizzes.where('id', '=', choice.quizId);
  else {
    quizzes = quizzes.where('access_end', '>', range.from).where('access_end', '<=', range.to);
    if (choice.tag != null) quizzes = quizzes.where('tag', '=', choice.tag);
  }
  const chosen = new Map((await quizzes.execute()).map((q) => [q.id, q]));
  if (chosen.size === 0) return marks;
  const quizIds = [...chosen.keys()];
  for (const slice of inSlices([...new Set(studentIds)])) {
    const [sentTo, attempts] = await Promise.all([
      db
        .selectFrom('quiz_recipients')
        .select(['quiz_id', 'user_id'])
        .where('quiz_id', 'in', quizIds)
        .where('user_id', 'in', slice)
        .orderBy('user_id')
        .orderBy('quiz_id')
        .execute(),
      db
        .selectFrom('quiz_attempts')
        .select(['quiz_id', 'user_id', 'number', 'hundredths', 'out_of'])
        .where('quiz_id', 'in', quizIds)
        .where('user_id', 'in', slice)
        .where('closed_by', 'is not', null)
        .execute(),
    ]);
    const closed = new Map<
      string,
      { number: number; hundredths: number | null; out_of: number }[]
    >();
    for (const a of attempts) {
      const key = `${a.user_id}:${a.quiz_id}`;
      const list = closed.get(key);
      if (list) list.push(a);
      else closed.set(key, [a]);
    }
    for (const { quiz_id, user_id } of sentTo) {
      const quiz = chosen.get(quiz_id);
      if (!quiz) continue;
      const taken = closed.get(`${user_id}:${quiz_id}`) ?? [];
      let hundredths: number | null;
      if (taken.length > 0) hundredths = countingMark(taken, quiz.counts as CountsRule);
      else hundredths = quiz.access_end <= range.now ? 0 : null;
      if (hundredths === null) continue;
      // An attempt keeps the out-of it was marked against, as the quiz's own screens read it.
      const mark = { quiz_id, hundredths, out_of: taken[0]?.out_of ?? quiz.out_of };
      const ofStudent = marks.get(user_id);
      if (ofStudent) ofStudent.push(mark);
      else marks.set(user_id, [mark]);
    }
  }
  return marks;
}

/** Whether a quiz a scheme names exists and can be counted (sent by staff, not a placement). */
export async function countableQuizTitle(db: Db, quizId: number): Promise<string | null> {
  const row = await db
    .selectFrom('quizzes')
    .select('title')
    .where('id', '=', quizId)
    .where('kind', '=', 'quiz')
    .where('practice_for', 'is', null)
    .executeTakeFirst();
  return row?.title ?? null;
}
