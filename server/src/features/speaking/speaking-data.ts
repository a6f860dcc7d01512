import type { Mark } from '@academy/contract/marks';
import { type ExpressionBuilder, sql } from 'kysely';
import { changeableQuestions, taughtStudents, type Within } from '../../auth/reach.js';
import { heldOnPostgres } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { studentSummary } from '../../db/student-summary.js';
import type { Tell } from '../../domain/tell.js';
import { deleteFileRows, recordFiles } from '../../files/files-data.js';
import type { ReceivedFile } from '../../files/uploads.js';
import { noCorrectionSince } from '../corrections/corrections-data.js';

// Questions and answers.

/**
 * Whether a question is open to any of these students (issue 29, point 5): one for everyone,
 * or one whose students include one of them (a student's own id, or a teacher's students). As
 * a where-clause on `speaking_questions as q`.
 */
const isOpenTo =
  (students: number[] | ReturnType<typeof taughtStudents>) =>
  (eb: ExpressionBuilder<Database & { q: Database['speaking_questions'] }, 'q'>) =>
    eb.or([
      eb('q.is_for_some', '=', 0),
      eb.exists(
        eb
          .selectFrom('speaking_question_students as qs')
          .select('qs.user_id')
          .whereRef('qs.question_id', '=', 'q.id')
          .where('qs.user_id', 'in', students),
      ),
    ]);

/** The questions open to a student now, soonest ending first, and whether they answered each. */
export function listOpenQuestions(db: Db, now: number, userId: number) {
  return db
    .selectFrom('speaking_questions as q')
    .select((eb) => [
      'q.id',
      'q.question_text',
      'q.start_time',
      'q.end_time',
      'q.answer_seconds',
      eb
        .exists(
          eb
            .selectFrom('speaking_answers as a')
            .select('a.id')
            .whereRef('a.question_id', '=', 'q.id')
            .where('a.user_id', '=', userId),
        )
        .as('answered'),
    ])
    .where('q.start_time', '<=', now)
    .where('q.end_time', '>=', now)
    .where(isOpenTo([userId]))
    .orderBy('q.start_time')
    .orderBy('q.id')
    .execute();
}

/**
 * The spec's one active question: of those open to the student now, the earliest to have
 * started.
 */
export function findActiveQuestion(db: Db, now: number, userId: number) {
  return db
    .selectFrom('speaking_questions as q')
    .select(['q.id', 'q.question_text', 'q.start_time', 'q.end_time', 'q.answer_seconds'])
    .where('q.start_time', '<=', now)
    .where('q.end_time', '>=', now)
    .where(isOpenTo([userId]))
    .orderBy('q.start_time')
    .orderBy('q.id')
    .executeTakeFirst();
}

/** Whether a question is open to this student (its window apart). */
export async function questionIsOpenTo(db: Db, questionId: number, userId: number) {
  const row = await db
    .selectFrom('speaking_questions as q')
    .select('q.id')
    .where('q.id', '=', questionId)
    .where(isOpenTo([userId]))
    .executeTakeFirst();
  return row !== undefined;
}

export function findQuestion(db: Db, id: number) {
  return db
    .selectFrom('speaking_questions')
    .select(['id', 'question_text', 'start_time', 'end_time', 'answer_seconds'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function hasAnswered(db: Db, questionId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('speaking_answers')
    .select('id')
    .where('question_id', '=', questionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface QuestionInput {
  question_text: string;
  start_time: number;
  end_time: number;
  answer_seconds: number;
}

/** Creates a speaking question; its id. */
/** Who a question is for: everyone (null students), or these students, named in `words`. */
export interface QuestionAudience {
  words: string;
  userIds: number[] | null;
}

/** Gives a question its audience (replacing any it had), inside the caller's transaction. */
async function setAudience(tx: Db, questionId: number, audience: QuestionAudience) {
  await tx.deleteFrom('speaking_question_students').where('question_id', '=', questionId).execute();
  await tx
    .updateTable('speaking_questions')
    .set({ audience: audience.words, is_for_some: audience.userIds ? 1 : 0 })
    .where('id', '=', questionId)
    .execute();
  const userIds = audience.userIds ?? [];
  for (let i = 0; i < userIds.length; i += 500)
    await tx
      .insertInto('speaking_question_students')
      .values(userIds.slice(i, i + 500).map((user_id) => ({ question_id: questionId, user_id })))
      .execute();
}

/** Makes a question for its audience, in one transaction. */
export async function createQuestion(
  db: Db,
  question: QuestionInput,
  audience: QuestionAudience,
  by: number,
  now: number,
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('speaking_questions')
      .values({ ...question, updated_at: now, created_at: now, created_by: by })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setAudience(tx, row.id, audience);
    return row.id;
  });
}

/**
 * Rewrites a speaking question, and its audience when one is given (else it keeps its own);
 * false if it no longer exists.
 */
export async function updateQuestion(
  db: Db,
  id: number,
  question: QuestionInput,
  audience: QuestionAudience | null,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const result = await tx
      .updateTable('speaking_questions')
      .set({ ...question, updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    if (audience) await setAudience(tx, id, audience);
    return true;
  });
}

/** Answers joined to their recording's file and their reply's file, as every answer list reads them. */
const answersWithFiles = (db: Db) =>
  db
    .selectFrom('speaking_answers as a')
    .innerJoin('stored_files as f', 'f.id', 'a.file_id')
    .leftJoin('stored_files as rf', 'rf.id', 'a.reply_file_id');

/** An answer's recording and its reply: the columns the answer presenters read. */
const RECORDING_AND_REPLY = [
  'a.file_id',
  'f.duration_ms',
  'a.reply_text',
  'a.reply_file_id',
  'rf.duration_ms as reply_duration_ms',
  'a.replied_at',
  'a.reply_mark_hundredths',
  'a.reply_mark_out_of',
] as const;

/**
 * Records a student's spoken answer: the recording's file row and the answer, together. Two
 * answers at once fail on the unique (question, user) index; the caller tells that apart.
 */
export async function recordAnswerFile(
  db: Db,
  answer: { questionId: number; userId: number; recording: ReceivedFile; uploadedBy: number },
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const [fileId] = await recordFiles(trx, [answer.recording], answer.uploadedBy, now);
    if (fileId === undefined) throw new Error('the recording got no row');
    await trx
      .insertInto('speaking_answers')
      .values({
        question_id: answer.questionId,
        user_id: answer.userId,
        file_id: fileId,
        created_at: now,
      })
      .execute();
  });
}

export function listQuestionsForAdmin(db: Db, within?: Within) {
  let query = db.selectFrom('speaking_questions as q');
  // A teacher's: the questions open to any of their students (everyone's, or theirs).
  if (within !== undefined) query = query.where(isOpenTo(taughtStudents(db, within)));
  return query
    .select((eb) => [
      'q.id',
      'q.question_text',
      'q.start_time',
      'q.end_time',
      'q.answer_seconds',
      'q.audience',
      // What the list's "Edit" and "Delete" offer: the pipeline asks the same of a change.
      within === undefined
        ? sql<number>`1`.as('changeable')
        : eb
            .case()
            .when('q.id', 'in', changeableQuestions(db, within))
            .then(1)
            .else(0)
            .end()
            .as('changeable'),
      (within === undefined
        ? eb.selectFrom('speaking_answers as a')
        : eb
            .selectFrom('speaking_answers as a')
            .where('a.user_id', 'in', taughtStudents(db, within))
      )
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('a.question_id', '=', 'q.id')
        .as('answers_count'),
    ])
    .orderBy('q.start_time', 'desc')
    .orderBy('q.id', 'desc')
    .execute();
}

export function listAnswers(db: Db, questionId: number, within?: Within) {
  const query = answersWithFiles(db)
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      'a.user_id',
      'u.name as user_name',
      'a.created_at',
      'f.file_name',
      ...RECORDING_AND_REPLY,
    ])
    .where('a.question_id', '=', questionId)
    .orderBy('a.created_at');
  return (
    within === undefined ? query : query.where('a.user_id', 'in', taughtStudents(db, within))
  ).execute();
}

/** Deletes a question with its answers, their files' and replies' rows; keys as deleteItem. */
export async function deleteQuestion(db: Db, id: number): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    const answers = await trx
      .selectFrom('speaking_answers')
      .select('file_id')
      .where('question_id', '=', id)
      .union(
        trx
          .selectFrom('speaking_answers')
          .select('reply_file_id as file_id')
          .where('question_id', '=', id)
          .where('reply_file_id', 'is not', null)
          .$narrowType<{ file_id: number }>(),
      )
      .execute();
    const result = await trx
      .deleteFrom('speaking_questions')
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return null;
    return deleteFileRows(
      trx,
      answers.map((a) => a.file_id),
    );
  });
}

/**
 * Speaking answers waiting for the administrator: not replied to, and no correction sent to
 * their student since.
 */
export async function countWaitingSpeakingAnswers(db: Db, within?: Within): Promise<number> {
  let query = db
    .selectFrom('speaking_answers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('replied_at', 'is', null)
    .where(noCorrectionSince('speaking_answers.user_id', 'speaking_answers.created_at'));
  if (within !== undefined)
    query = query.where('speaking_answers.user_id', 'in', taughtStudents(db, within));
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One student's speaking answers, newest first, at most `limit`, and how many. */
export function summariseStudentSpeaking(db: Db, userId: number, limit: number) {
  const newest = db
    .selectFrom('speaking_answers as a')
    .innerJoin('speaking_questions as q', 'q.id', 'a.question_id')
    .select(['a.id', 'q.id as question_id', 'q.question_text', 'a.created_at'])
    .where('a.user_id', '=', userId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return studentSummary(db, 'speaking_answers', userId, newest, 'created_at');
}

// Replies to speaking answers (issue 21).

/** The answer a reply is for: its student and the recording the reply replaces, if any. */
export function findAnswer(db: Db, answerId: number) {
  return db
    .selectFrom('speaking_answers')
    .select(['id', 'user_id', 'reply_file_id'])
    .where('id', '=', answerId)
    .executeTakeFirst();
}

/**
 * Writes the administrator's reply to an answer: the text, and the recording when a new one
 * came (its row written here) or none when `removeAudio`. The storage keys of the recording
 * it no longer plays, whose bytes go after the commit; null when the answer is gone. The
 * student is told in the same transaction.
 */
export async function saveReply(
  db: Db,
  reply: {
    /** The answer replied to, and its student (told of the reply). */
    answer: { id: number; user_id: number };
    text: string;
    recording: ReceivedFile | undefined;
    removeAudio: boolean;
    adminId: number;
    /** The mark it gives the answer (issue 30); null: none (a reply sent again replaces it). */
    mark: Mark | null;
  },
  now: number,
  tell: Tell,
): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    // Two replies at once must not both read the old recording and leave one new one behind:
    // the row is locked on PostgreSQL (SQLite writes one transaction at a time).
    const select = trx
      .selectFrom('speaking_answers')
      .select('reply_file_id')
      .where('id', '=', reply.answer.id);
    const answer = await heldOnPostgres(db, select, (q) => q.forUpdate()).executeTakeFirst();
    if (!answer) return null;
    const [newFileId] = reply.recording
      ? await recordFiles(trx, [reply.recording], reply.adminId, now)
      : [];
    const replaces = reply.recording !== undefined || reply.removeAudio;
    await trx
      .updateTable('speaking_answers')
      .set({
        reply_text: reply.text,
        replied_at: now,
        reply_mark_hundredths: reply.mark?.hundredths ?? null,
        reply_mark_out_of: reply.mark?.out_of ?? null,
        ...(replaces ? { reply_file_id: newFileId ?? null } : {}),
      })
      .where('id', '=', reply.answer.id)
      .execute();
    // Told in the same transaction as the reply: a reply is never saved untold (issue 27).
    await tell(trx, {
      userId: reply.answer.user_id,
      topic: 'spoken_reply',
      refId: reply.answer.id,
      text: 'Your teacher replied to your speaking answer. It is in Assignment Results and Skill Builder.',
    });
    return replaces && answer.reply_file_id !== null
      ? deleteFileRows(trx, [answer.reply_file_id])
      : [];
  });
}

/** One student's answer to a question, its recording and its reply, if any (the speaking screen). */
export function findOwnAnswer(db: Db, questionId: number, userId: number) {
  return answersWithFiles(db)
    .select(['a.id', ...RECORDING_AND_REPLY])
    .where('a.question_id', '=', questionId)
    .where('a.user_id', '=', userId)
    .executeTakeFirst();
}

/** A student's answers that have a reply, newest reply first (Assignment Results). */
export function listRepliesOf(db: Db, userId: number) {
  return answersWithFiles(db)
    .innerJoin('speaking_questions as q', 'q.id', 'a.question_id')
    .select(['a.id', 'q.question_text', 'a.created_at', ...RECORDING_AND_REPLY])
    .where('a.user_id', '=', userId)
    .where('a.replied_at', 'is not', null)
    .orderBy('a.replied_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
}
