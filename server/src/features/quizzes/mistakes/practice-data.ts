import { reviewShows } from '@academy/contract/quizzes/review';
import type { Db } from '../../../db/index.js';
import { holdPeople } from '../../../domain/people.js';
import { type AttemptRow, startAttempt } from '../taking/attempts-data.js';
import { reviewOf } from '../taking/presenters.js';
import { findQuiz } from '../taking/quizzes-data.js';

/**
 * "Practise my mistakes" (issue 51, point 6): a practice quiz of the student's own, drawn from
 * the items they got wrong. Not counted anywhere: a practice quiz names its student
 * (practice_for), and staff lists, marks and results leave such quizzes out.
 *
 * A mistake is an item whose latest answer is not fully right, among the student's answers in
 * closed attempts whose review shows the right answers now. Answers the review still hides are
 * left out altogether, so the count tells nothing of an answer before its review does; a right
 * answer given since (in a later quiz, or in practice) takes the item off the list. Spoken items
 * (a teacher marks them, and nobody marks a practice) and archived items are never drawn.
 */

/** The most items one practice draws. */
export const PRACTICE_ITEMS = 20;
const DAY = 86_400_000;
/** How long a practice stays open. */
const PRACTICE_DAYS = 7;

/** The student's mistakes (item ids), the latest first. */
export async function mistakeItems(db: Db, userId: number, now: number): Promise<number[]> {
  // The student's attempts first, then their answers by attempt id: as one join, PostgreSQL
  // without statistics on the quiz tables (a new academy, autovacuum not yet round) walked
  // every answer to the items instead, 288 ms a call against 0.6 ms (bench:quiz-day).
  const attempts = await db
    .selectFrom('quiz_attempts')
    .select('id')
    .where('user_id', '=', userId)
    .where('submitted_at', 'is not', null)
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  if (attempts.length === 0) return [];
  const answers = await db
    .selectFrom('quiz_answers as a')
    .innerJoin('quiz_attempts as t', 't.id', 'a.attempt_id')
    .innerJoin('quizzes as q', 'q.id', 't.quiz_id')
    .innerJoin('quiz_item_versions as v', 'v.id', 'a.version_id')
    .innerJoin('quiz_items as i', 'i.id', 'v.item_id')
    .select(['a.attempt_id', 'i.id as item_id', 'a.hundredths', 'v.points', 'q.id as quiz_id'])
    .select(['q.review', 'q.access_end'])
    .where(
      'a.attempt_id',
      'in',
      attempts.map((t) => t.id),
    )
    .where('i.type', '!=', 'spoken')
    .where('i.archived_at', 'is', null)
    .execute();
  // In the attempts' order, the latest submitted first.
  const place = new Map(attempts.map((t, i) => [t.id, i]));
  const rows = answers.sort(
    (x, y) => (place.get(x.attempt_id) ?? 0) - (place.get(y.attempt_id) ?? 0),
  );
  const shown = new Map<number, boolean>();
  const showsRightAnswers = (row: (typeof rows)[number]) => {
    let shows = shown.get(row.quiz_id);
    if (shows === undefined) {
      shows = reviewShows(reviewOf(row), {
        now,
        accessEnd: row.access_end,
        attemptClosed: true,
      }).right_answers;
      shown.set(row.quiz_id, shows);
    }
    return shows;
  };
  const latest = new Map<number, boolean>();
  for (const row of rows) {
    if (latest.has(row.item_id) || !showsRightAnswers(row)) continue;
    latest.set(row.item_id, (row.hundredths ?? 0) < row.points * 100);
  }
  return [...latest].filter(([, wrong]) => wrong).map(([itemId]) => itemId);
}

/**
 * The student's practice going on: a practice quiz of theirs still open with no attempt
 * submitted yet (its attempt goes on, or is about to start: a tap a moment ago made it).
 */
async function practiceGoingOn(trx: Db, userId: number, now: number) {
  return trx
    .selectFrom('quizzes as q')
    .select('q.id')
    .where('q.practice_for', '=', userId)
    .where('q.access_end', '>=', now)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('quiz_attempts as t')
            .select('t.id')
            .whereRef('t.quiz_id', '=', 'q.id')
            .where('t.submitted_at', 'is not', null),
        ),
      ),
    )
    .orderBy('q.id', 'desc')
    .executeTakeFirst();
}

export type PracticeOutcome =
  | { refused: 'no-mistakes' }
  | { attempt: AttemptRow; started: boolean; items: number };

/**
 * Starts a practice of the student's latest mistakes (PRACTICE_ITEMS at most), or answers the
 * one going on (a double tap, or a practice left half-way, is not lost). The earlier practices'
 * windows close: the student's list shows one practice open, and their reviews stay. Two calls
 * of one student take turns (domain/people.ts holdPeople), so a double tap makes one practice.
 */
export async function startPractice(db: Db, userId: number, now: number): Promise<PracticeOutcome> {
  const plan = await db.transaction().execute(async (trx) => {
    await holdPeople(trx, [userId]);
    const going = await practiceGoingOn(trx, userId, now);
    if (going) return { quizId: going.id, created: false };
    const items = (await mistakeItems(trx, userId, now)).slice(0, PRACTICE_ITEMS);
    if (items.length === 0) return null;
    await trx
      .updateTable('quizzes')
      // Closed a moment ago: a window is open up to its end (domain/windows.ts).
      .set({ access_end: now - 1, updated_at: now })
      .where('practice_for', '=', userId)
      .where('access_end', '>=', now)
      .execute();
    return { quizId: await insertPractice(trx, userId, items, now), created: true };
  });
  if (plan === null) return { refused: 'no-mistakes' };
  const quiz = await findQuiz(db, plan.quizId);
  if (!quiz) throw new Error('a practice just found is missing');
  const outcome = await startAttempt(db, quiz, userId, now);
  if ('refused' in outcome) throw new Error(`a practice could not start: ${outcome.refused}`);
  const items = await db
    .selectFrom('quiz_answers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('attempt_id', '=', outcome.attempt.id)
    .executeTakeFirst();
  return { attempt: outcome.attempt, started: plan.created, items: Number(items?.n ?? 0) };
}

/** A practice quiz of these items for the student: open a week, at once reviewed in full. */
async function insertPractice(trx: Db, userId: number, items: number[], now: number) {
  const row = await trx
    .insertInto('quizzes')
    .values({
      title: 'Practice: my mistakes',
      description: 'Questions you got wrong, to practise. This practice is not marked for anyone.',
      kind: 'practice',
      access_start: now,
      access_end: now + PRACTICE_DAYS * DAY,
      time_limit_seconds: null,
      attempts_allowed: 0,
      counts: 'highest',
      shuffle_items: 1,
      shuffle_options: 1,
      one_per_page: 1,
      review: JSON.stringify({
        when: 'at_once',
        score: true,
        answers: true,
        right_answers: true,
        feedback: true,
      }),
      cards: 'offer',
      out_of: 100,
      bands: null,
      class_id: null,
      recipients: '',
      practice_for: userId,
      created_by: userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('quiz_parts')
    .values(
      items.map((item_id, position) => ({
        quiz_id: row.id,
        position,
        item_id,
        draw_count: null,
        draw_level: null,
        draw_skill: null,
        draw_unit: null,
      })),
    )
    .execute();
  return row.id;
}
