import { attemptMark } from '@academy/contract/quizzes/attempts';
import type { ItemBody, ItemKey, ItemResponse } from '@academy/contract/quizzes/items';
import { markResponse } from '@academy/contract/quizzes/marking';
import { taughtStudents } from '../../../auth/reach.js';
import { dialectOf, heldOnPostgres, isUniqueViolation } from '../../../db/dialect.js';
import type { Db } from '../../../db/index.js';
import { recordFiles } from '../../../files/files-data.js';
import type { ReceivedFile } from '../../../files/uploads.js';
import { cryptoRandom, type LayoutEntry, optionLayout, type Random, shuffled } from './layout.js';
import { drawableItems, type QuizRow } from './quizzes-data.js';

/**
 * Attempts (issue 51, points 2 and 3): drawn when started, answered as the student goes, closed
 * by the student or by the server's clock, and marked from what was saved. The time limit is
 * the server's: an attempt past its deadline is closed whenever it is read or written (and by
 * the leased worker for the rest: quiz-closer.ts), with `closed_by = 'time'`, and a save that
 * arrives after the deadline writes nothing.
 */

export function findAttempt(db: Db, id: number) {
  return db.selectFrom('quiz_attempts').selectAll().where('id', '=', id).executeTakeFirst();
}
export type AttemptRow = NonNullable<Awaited<ReturnType<typeof findAttempt>>>;

export const isOpen = (a: Pick<AttemptRow, 'submitted_at'>) => a.submitted_at === null;
/** Past its deadline and not yet closed: the next reader or writer closes it. */
export const isOverdue = (a: Pick<AttemptRow, 'submitted_at' | 'deadline'>, now: number) =>
  a.submitted_at === null && now > a.deadline;

/** A version as marking reads it. */
interface MarkedVersion {
  body: ItemBody;
  key: ItemKey;
  points: number;
}

const versionOf = (row: { body: string; key: string; points: number }): MarkedVersion => ({
  body: JSON.parse(row.body) as ItemBody,
  key: JSON.parse(row.key) as ItemKey,
  points: row.points,
});

/** Works an attempt's mark out again from its answers (after a close, or a teacher's mark). */
async function remark(trx: Db, attemptId: number, outOf: number) {
  const rows = await trx
    .selectFrom('quiz_answers as a')
    .innerJoin('quiz_item_versions as v', 'v.id', 'a.version_id')
    .select(['a.hundredths', 'v.points'])
    .where('a.attempt_id', '=', attemptId)
    .execute();
  const awaiting = rows.filter((r) => r.hundredths === null).length;
  await trx
    .updateTable('quiz_attempts')
    .set({ hundredths: attemptMark(rows, outOf), awaiting_marks: awaiting })
    .where('id', '=', attemptId)
    .execute();
}

/**
 * Closes an open attempt and marks it from what was saved: each answer against the version it
 * drew; a spoken answer waits for a teacher. False when it was already closed (another request
 * or the worker got there first: the guarded update decides which one closes it).
 */
export async function closeAttempt(
  db: Db,
  attemptId: number,
  closedBy: 'student' | 'time',
  at: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const closed = await trx
      .updateTable('quiz_attempts')
      .set({ submitted_at: at, closed_by: closedBy })
      .where('id', '=', attemptId)
      .where('submitted_at', 'is', null)
      .returning(['out_of'])
      .executeTakeFirst();
    if (!closed) return false;
    const answers = await trx
      .selectFrom('quiz_answers as a')
      .innerJoin('quiz_item_versions as v', 'v.id', 'a.version_id')
      .select(['a.position', 'a.response', 'v.body', 'v.key', 'v.points'])
      .where('a.attempt_id', '=', attemptId)
      .execute();
    for (const answer of answers) {
      const response =
        answer.response === null ? null : (JSON.parse(answer.response) as ItemResponse);
      const marked = markResponse(versionOf(answer), response);
      await trx
        .updateTable('quiz_answers')
        .set({ hundredths: marked.hundredths })
        .where('attempt_id', '=', attemptId)
        .where('position', '=', answer.position)
        .execute();
    }
    await remark(trx, attemptId, closed.out_of);
    return true;
  });
}

/** Closes the attempt by time if it is past its deadline; the attempt as it now stands. */
export async function closeIfOverdue(
  db: Db,
  attempt: AttemptRow,
  now: number,
): Promise<AttemptRow> {
  if (!isOverdue(attempt, now)) return attempt;
  await closeAttempt(db, attempt.id, 'time', attempt.deadline);
  return (await findAttempt(db, attempt.id)) ?? attempt;
}

/** Closes every attempt of a student (or of a quiz) past its deadline: before a list is read. */
export async function closeOverdueOf(
  db: Db,
  where: { userId?: number; quizId?: number },
  now: number,
): Promise<number[]> {
  let query = db
    .selectFrom('quiz_attempts')
    .select(['id', 'deadline', 'user_id'])
    .where('submitted_at', 'is', null)
    .where('deadline', '<', now);
  if (where.userId !== undefined) query = query.where('user_id', '=', where.userId);
  if (where.quizId !== undefined) query = query.where('quiz_id', '=', where.quizId);
  const rows = await query.orderBy('deadline').limit(500).execute();
  const closed: number[] = [];
  for (const row of rows)
    if (await closeAttempt(db, row.id, 'time', row.deadline)) closed.push(row.user_id);
  return closed;
}

/**
 * A student's latest attempt at a quiz (the highest number): the one going on, if any, and how
 * many were used. One read, so one moment: read apart, another tab's start landing between the
 * two made a second attempt (numbered after it) instead of meeting it.
 */
function latestAttempt(db: Db, quizId: number, userId: number) {
  return db
    .selectFrom('quiz_attempts')
    .selectAll()
    .where('quiz_id', '=', quizId)
    .where('user_id', '=', userId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether a quiz is the student's: sent to them, or their own practice. */
export async function quizIsFor(db: Db, quiz: QuizRow, userId: number): Promise<boolean> {
  if (quiz.practice_for !== null) return quiz.practice_for === userId;
  const row = await db
    .selectFrom('quiz_recipients')
    .select('user_id')
    .where('quiz_id', '=', quiz.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Draws an attempt's items: fixed parts in order, draws from their tag without an item already
 * in the quiz (a fixed one, or one an earlier draw took), so each attempt draws anew; then the
 * items shuffled if the quiz says so, and each item's options laid out (layout.ts). A draw
 * takes what the bank has if items were archived since the quiz was saved.
 */
export async function drawLayout(
  db: Db,
  quiz: Pick<QuizRow, 'id' | 'shuffle_items' | 'shuffle_options'>,
  random: Random = cryptoRandom,
): Promise<LayoutEntry[]> {
  const parts = await db
    .selectFrom('quiz_parts')
    .selectAll()
    .where('quiz_id', '=', quiz.id)
    .orderBy('position')
    .execute();
  const taken: number[] = parts.flatMap((p) => (p.item_id === null ? [] : [p.item_id]));
  const chosen: number[] = [];
  for (const part of parts) {
    if (part.item_id !== null) {
      chosen.push(part.item_id);
      continue;
    }
    const tag = { level: part.draw_level, skill: part.draw_skill, unit: part.draw_unit };
    const pool = (await drawableItems(db, tag, taken).select('id').execute()).map((r) => r.id);
    const picked = shuffled(pool, random).slice(0, part.draw_count ?? 0);
    taken.push(...picked);
    chosen.push(...picked);
  }
  if (chosen.length === 0) return [];
  const current = db
    .selectFrom('quiz_items as i')
    .innerJoin('quiz_item_versions as v', (join) =>
      join.onRef('v.item_id', '=', 'i.id').onRef('v.version', '=', 'i.current_version'),
    )
    .select(['i.id as item_id', 'v.id as version_id', 'v.body', 'v.key', 'v.points'])
    .where('i.id', 'in', chosen);
  // Drawn in the attempt's transaction (startAttempt), the items are share-locked on
  // PostgreSQL: an edit of one (bank-data.ts saveItem, which locks it) waits, then finds the
  // version answered and makes a new one, instead of changing in place the version whose
  // options this layout has just ordered.
  const versions = await heldOnPostgres(db, current, (q) => q.forShare('i')).execute();
  const byItem = new Map(versions.map((v) => [v.item_id, v]));
  const ordered = quiz.shuffle_items ? shuffled(chosen, random) : chosen;
  return ordered
    .flatMap((itemId) => {
      const v = byItem.get(itemId);
      if (!v) return [];
      const { body, key } = versionOf(v);
      return [
        {
          item_id: itemId,
          version_id: v.version_id,
          ...optionLayout(body, key, quiz.shuffle_options === 1, random),
        },
      ];
    })
    .map((entry, position) => ({ position, ...entry }));
}

export type StartOutcome =
  | { started: true; attempt: AttemptRow }
  | { started: false; attempt: AttemptRow }
  | { refused: 'no-attempts-left' | 'no-items' };

/**
 * Starts an attempt, or returns the one going on (one at a time: a second tab or a retry gets
 * the same attempt). Its deadline is the time limit's end or the window's, whichever is first.
 */
export async function startAttempt(
  db: Db,
  quiz: QuizRow,
  userId: number,
  now: number,
  random: Random = cryptoRandom,
): Promise<StartOutcome> {
  const latest = await latestAttempt(db, quiz.id, userId);
  if (latest && isOpen(latest)) {
    const current = await closeIfOverdue(db, latest, now);
    if (isOpen(current)) return { started: false, attempt: current };
  }
  const used = latest?.number ?? 0;
  if (quiz.attempts_allowed > 0 && used >= quiz.attempts_allowed)
    return { refused: 'no-attempts-left' };
  const deadline =
    quiz.time_limit_seconds === null
      ? quiz.access_end
      : Math.min(now + quiz.time_limit_seconds * 1000, quiz.access_end);
  try {
    const id = await db.transaction().execute(async (trx) => {
      // Drawn and written with the quiz held: an edit of its questions comes before the draw
      // (which takes the new ones) or finds this attempt and is refused; drawn apart, an edit
      // in between changed the questions under an attempt already drawn. On PostgreSQL the
      // quiz's row is share-locked (starts do not wait for each other; an edit's update
      // does); SQLite's transactions take turns already.
      if (dialectOf(trx) === 'postgres')
        await trx.selectFrom('quizzes').select('id').where('id', '=', quiz.id).forShare().execute();
      const layout = await drawLayout(trx, quiz, random);
      if (layout.length === 0) return null;
      const row = await trx
        .insertInto('quiz_attempts')
        .values({
          quiz_id: quiz.id,
          user_id: userId,
          number: used + 1,
          layout: JSON.stringify(layout),
          started_at: now,
          deadline,
          submitted_at: null,
          closed_by: null,
          hundredths: null,
          out_of: quiz.out_of,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('quiz_answers')
        .values(
          layout.map((entry) => ({
            attempt_id: row.id,
            position: entry.position,
            version_id: entry.version_id,
            response: null,
            saved_at: null,
            hundredths: null,
            marked_by: null,
            card_id: null,
          })),
        )
        .execute();
      return row.id;
    });
    if (id === null) return { refused: 'no-items' };
    const attempt = await findAttempt(db, id);
    if (!attempt) throw new Error('an attempt just written is missing');
    return { started: true, attempt };
  } catch (error) {
    // Two starts at once (a double tap, two tabs): the other one's attempt is this one's.
    if (!isUniqueViolation(error)) throw error;
    const other = await latestAttempt(db, quiz.id, userId);
    if (other && isOpen(other)) return { started: false, attempt: other };
    return { refused: 'no-attempts-left' };
  }
}

/**
 * An attempt's items with what a student may see of them: never the key column. The passage
 * is the drawn version's, whichever the item stands on now.
 */
export async function attemptItems(db: Db, attemptId: number) {
  return db
    .selectFrom('quiz_answers as a')
    .innerJoin('quiz_item_versions as v', 'v.id', 'a.version_id')
    .innerJoin('quiz_items as i', 'i.id', 'v.item_id')
    .leftJoin('quiz_passages as p', 'p.id', 'v.passage_id')
    .leftJoin('quiz_plays as pl', (join) =>
      join.onRef('pl.passage_id', '=', 'p.id').on('pl.attempt_id', '=', attemptId),
    )
    .select([
      'a.position',
      'a.response',
      'i.type',
      'v.prompt',
      'v.body',
      'v.points',
      'p.id as passage_id',
      'p.kind as passage_kind',
      'p.title as passage_title',
      'p.text as passage_text',
      'p.play_limit',
      'pl.plays',
    ])
    .where('a.attempt_id', '=', attemptId)
    .orderBy('a.position')
    .execute();
}
export type AttemptItemRow = Awaited<ReturnType<typeof attemptItems>>[number];

/** An attempt's items with their keys and marks: the review and staff reads. */
export async function attemptItemsWithKeys(db: Db, attemptId: number) {
  return db
    .selectFrom('quiz_answers as a')
    .innerJoin('quiz_item_versions as v', 'v.id', 'a.version_id')
    .innerJoin('quiz_items as i', 'i.id', 'v.item_id')
    .leftJoin('users as m', 'm.id', 'a.marked_by')
    .select([
      'a.position',
      'a.response',
      'a.hundredths',
      'a.seconds',
      'a.version_id',
      'i.id as item_id',
      'i.type',
      'v.prompt',
      'v.body',
      'v.key',
      'v.points',
      'v.general_feedback',
      'm.name as marked_by',
    ])
    .where('a.attempt_id', '=', attemptId)
    .orderBy('a.position')
    .execute();
}
export type KeyedItemRow = Awaited<ReturnType<typeof attemptItemsWithKeys>>[number];

/** The bodies of an attempt's items at these positions, to check responses against. */
export async function bodiesByPosition(db: Db, attemptId: number, positions: readonly number[]) {
  const rows = await db
    .selectFrom('quiz_answers as a')
    .innerJoin('quiz_item_versions as v', 'v.id', 'a.version_id')
    .select(['a.position', 'v.body'])
    .where('a.attempt_id', '=', attemptId)
    .where('a.position', 'in', [...new Set(positions)])
    .execute();
  return new Map(rows.map((r) => [r.position, JSON.parse(r.body) as ItemBody]));
}

/** Whether a stored recording is the student's own upload (a spoken answer names it). */
export async function isOwnRecording(db: Db, file: string, userId: number): Promise<boolean> {
  if (!/^\d{1,10}$/.test(file)) return false;
  const row = await db
    .selectFrom('stored_files')
    .select('id')
    .where('id', '=', Number(file))
    .where('uploaded_by', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Saves answers while the attempt is open, all of them or none. Each write is guarded by the
 * attempt still being open at `now`, in the same statement, so a save racing the close (the
 * worker, a submit on another device) keeps nothing once it has closed: false then.
 */
export async function saveAnswers(
  db: Db,
  attemptId: number,
  answers: readonly { position: number; response: ItemResponse | null; seconds: number }[],
  now: number,
): Promise<boolean> {
  const write = async (trx: Db) => {
    for (const answer of answers) {
      const result = await trx
        .updateTable('quiz_answers')
        .set((eb) => ({
          response: answer.response === null ? null : JSON.stringify(answer.response),
          saved_at: now,
          seconds: eb('seconds', '+', answer.seconds),
        }))
        .where('attempt_id', '=', attemptId)
        .where('position', '=', answer.position)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('quiz_attempts')
              .select('id')
              .where('id', '=', attemptId)
              .where('submitted_at', 'is', null)
              .where('deadline', '>=', now),
          ),
        )
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new AttemptClosed();
    }
  };
  try {
    // One answer is one statement; a queue of them is kept whole or not at all.
    if (db.isTransaction || answers.length === 1) await write(db);
    else await db.transaction().execute(write);
    return true;
  } catch (error) {
    // Inside a caller's transaction the caller undoes it (saveRecordingAnswer).
    if (error instanceof AttemptClosed && !db.isTransaction) return false;
    throw error;
  }
}

/** A passage one of the attempt's drawn versions stands on, with its recording's file. */
export function findAttemptPassage(db: Db, attemptId: number, passageId: number) {
  return db
    .selectFrom('quiz_answers as a')
    .innerJoin('quiz_item_versions as v', 'v.id', 'a.version_id')
    .innerJoin('quiz_passages as p', 'p.id', 'v.passage_id')
    .select(['p.id', 'p.kind', 'p.file_id', 'p.play_limit'])
    .where('a.attempt_id', '=', attemptId)
    .where('p.id', '=', passageId)
    .executeTakeFirst();
}

/**
 * Counts one play of a recording, unless its limit is reached: one guarded statement, so two
 * plays at once cannot both take the last one. The plays now, or null when refused.
 */
export async function countPlay(
  db: Db,
  attemptId: number,
  passageId: number,
  limit: number,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('quiz_plays')
      .values({ attempt_id: attemptId, passage_id: passageId, plays: 0 })
      .onConflict((oc) => oc.columns(['attempt_id', 'passage_id']).doNothing())
      .execute();
    let update = trx
      .updateTable('quiz_plays')
      .set((eb) => ({ plays: eb('plays', '+', 1) }))
      .where('attempt_id', '=', attemptId)
      .where('passage_id', '=', passageId);
    if (limit > 0) update = update.where('plays', '<', limit);
    const row = await update.returning('plays').executeTakeFirst();
    return row?.plays ?? null;
  });
}

/**
 * Stores a spoken answer's recording and saves it as the answer, in one transaction guarded
 * as every save is (the attempt still open at `now`): false, and nothing kept, once it has
 * closed. The recording's earlier file, if the student records again, stays in storage for
 * the file sweep (files/sweep.ts) like any file no row names.
 */
export async function saveRecordingAnswer(
  db: Db,
  attemptId: number,
  position: number,
  recording: ReceivedFile,
  userId: number,
  now: number,
): Promise<boolean> {
  try {
    return await db.transaction().execute(async (trx) => {
      const [fileId] = await recordFiles(trx, [recording], userId, now);
      await saveAnswers(
        trx,
        attemptId,
        [{ position, response: { type: 'spoken', file: String(fileId) }, seconds: 0 }],
        now,
      );
      return true;
    });
  } catch (error) {
    if (error instanceof AttemptClosed) return false;
    throw error;
  }
}

/** Thrown inside a transaction to undo a write to an attempt that has closed. */
class AttemptClosed extends Error {}

/** A student's quizzes (sent to them, or their own practice) with their attempts. */
export async function studentQuizzes(db: Db, userId: number) {
  const quizzes = await db
    .selectFrom('quizzes as q')
    .selectAll('q')
    .where((eb) =>
      eb.or([
        eb('q.practice_for', '=', userId),
        eb.exists(
          eb
            .selectFrom('quiz_recipients as r')
            .select('r.user_id')
            .whereRef('r.quiz_id', '=', 'q.id')
            .where('r.user_id', '=', userId),
        ),
      ]),
    )
    .orderBy('q.access_end', 'desc')
    .orderBy('q.id', 'desc')
    .limit(200)
    .execute();
  const attempts =
    quizzes.length === 0
      ? []
      : await db
          .selectFrom('quiz_attempts')
          .selectAll()
          .where('user_id', '=', userId)
          .where(
            'quiz_id',
            'in',
            quizzes.map((q) => q.id),
          )
          .orderBy('number')
          .execute();
  return { quizzes, attempts };
}

/** Each student's attempts at a quiz (a teacher's: their students'), with the quiz's recipients. */
export async function attemptsAtQuiz(db: Db, quizId: number, teacherId: number | undefined) {
  let students = db
    .selectFrom('users as u')
    .select(['u.id', 'u.name'])
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('quiz_recipients as r')
            .select('r.user_id')
            .whereRef('r.user_id', '=', 'u.id')
            .where('r.quiz_id', '=', quizId),
        ),
        eb.exists(
          eb
            .selectFrom('quiz_attempts as a')
            .select('a.id')
            .whereRef('a.user_id', '=', 'u.id')
            .where('a.quiz_id', '=', quizId),
        ),
      ]),
    );
  if (teacherId !== undefined)
    students = students.where('u.id', 'in', taughtStudents(db, teacherId));
  const people = await students.orderBy('u.name').orderBy('u.id').execute();
  const attempts =
    people.length === 0
      ? []
      : await db
          .selectFrom('quiz_attempts')
          .selectAll()
          .where('quiz_id', '=', quizId)
          .where(
            'user_id',
            'in',
            people.map((p) => p.id),
          )
          .orderBy('number')
          .execute();
  return { people, attempts };
}

export type MarkOutcome =
  | { marked: { hundredths: number | null; out_of: number } }
  | { refused: 'none' | 'open' | 'not-spoken' | 'unanswered' };

/**
 * A teacher's mark on a spoken answer, in hundredths of the item's points (null: taken away);
 * the attempt's mark is worked out again, and the student told in the same transaction.
 */
export async function markSpokenAnswer(
  db: Db,
  attemptId: number,
  position: number,
  hundredths: number | null,
  markerId: number,
  tellStudent: (trx: Db, attempt: AttemptRow) => Promise<void>,
): Promise<MarkOutcome> {
  return db.transaction().execute(async (trx) => {
    // The attempt's row held to the end: two answers of one attempt marked at once (a teacher
    // going quickly down the list) each sum every answer's mark, and on PostgreSQL each would
    // otherwise sum before the other's mark was in, the later total dropping the earlier mark.
    // SQLite's transactions take turns already (begin immediate).
    const select = trx.selectFrom('quiz_attempts').selectAll().where('id', '=', attemptId);
    const attempt = await heldOnPostgres(trx, select, (q) => q.forNoKeyUpdate()).executeTakeFirst();
    if (!attempt) return { refused: 'none' as const };
    if (isOpen(attempt)) return { refused: 'open' as const };
    const answer = await trx
      .selectFrom('quiz_answers as a')
      .innerJoin('quiz_item_versions as v', 'v.id', 'a.version_id')
      .innerJoin('quiz_items as i', 'i.id', 'v.item_id')
      .select(['i.type', 'a.response'])
      .where('a.attempt_id', '=', attemptId)
      .where('a.position', '=', position)
      .executeTakeFirst();
    if (!answer) return { refused: 'none' as const };
    if (answer.type !== 'spoken') return { refused: 'not-spoken' as const };
    if (answer.response === null) return { refused: 'unanswered' as const };
    await trx
      .updateTable('quiz_answers')
      .set({ hundredths, marked_by: hundredths === null ? null : markerId })
      .where('attempt_id', '=', attemptId)
      .where('position', '=', position)
      .execute();
    await remark(trx, attemptId, attempt.out_of);
    const after = await findAttempt(trx, attemptId);
    if (after) await tellStudent(trx, after);
    return { marked: { hundredths: after?.hundredths ?? null, out_of: attempt.out_of } };
  });
}
