import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';
import type { Database, SkillKind } from '../../db/schema.js';
import { formatTimestamp } from '../../db/time.js';
import { deleteFileRows, recordFiles } from '../../files/files-data.js';
import type { ReceivedFile } from '../../files/uploads.js';
import { noCorrectionSince } from '../corrections/corrections-data.js';
import { tellOfReply } from '../notifications/notifications-data.js';

/** Items of a kind a student may see: meant for everyone, or for them by name. */
function visibleTo(db: Kysely<Database>, kind: SkillKind, userId: number) {
  return db
    .selectFrom('skill_items as i')
    .where('i.kind', '=', kind)
    .where((eb) =>
      eb.or([
        eb('i.for_all_students', '=', 1),
        eb.exists(
          eb
            .selectFrom('skill_item_students as s')
            .select(sql`1`.as('one'))
            .whereRef('s.item_id', '=', 'i.id')
            .where('s.user_id', '=', userId),
        ),
      ]),
    );
}

export interface StudentItemRow {
  id: number;
  title: string;
  description: string;
  access_start: number;
  access_end: number;
  file_id: number | null;
  link_url: string | null;
  started_at: number | null;
}

/** The student's items that have not ended yet, the earliest first (the screen shows the first). */
export function listCurrentItems(
  db: Db,
  kind: SkillKind,
  userId: number,
  now: number,
): Promise<StudentItemRow[]> {
  return visibleTo(db, kind, userId)
    .leftJoin('skill_attempts as a', (join) =>
      join.onRef('a.item_id', '=', 'i.id').on('a.user_id', '=', userId),
    )
    .select([
      'i.id',
      'i.title',
      'i.description',
      'i.access_start',
      'i.access_end',
      'i.file_id',
      'i.link_url',
      'a.started_at',
    ])
    .where('i.access_end', '>=', now)
    .orderBy('i.access_start')
    .orderBy('i.id')
    .limit(50)
    .execute();
}

/** One item, if the student may see it. */
export function findVisibleItem(db: Db, kind: SkillKind, userId: number, itemId: number) {
  return visibleTo(db, kind, userId)
    .select(['i.id', 'i.title', 'i.access_start', 'i.access_end', 'i.file_id', 'i.link_url'])
    .where('i.id', '=', itemId)
    .executeTakeFirst();
}

/** Records that a student started an item; false if they already had. */
export async function recordAttempt(
  db: Db,
  itemId: number,
  userId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .insertInto('skill_attempts')
    .values({ item_id: itemId, user_id: userId, started_at: now })
    .onConflict((oc) => oc.columns(['item_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

// The admin side.

export function listItemsForAdmin(db: Db, kind: SkillKind) {
  return db
    .selectFrom('skill_items as i')
    .leftJoin('stored_files as f', 'f.id', 'i.file_id')
    .select((eb) => [
      'i.id',
      'i.kind',
      'i.title',
      'i.description',
      'i.access_start',
      'i.access_end',
      'i.link_url',
      'i.file_id',
      'i.for_all_students',
      'f.file_name',
      eb
        .selectFrom('skill_attempts as a')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('a.item_id', '=', 'i.id')
        .as('attempts_count'),
    ])
    .where('i.kind', '=', kind)
    .orderBy('i.access_start', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
}

/** The students each item is for (none: every student), by name, for the admin's list. */
export async function audienceOf(
  db: Db,
  itemIds: number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const audience = new Map<number, { id: number; name: string }[]>();
  if (itemIds.length === 0) return audience;
  const rows = await db
    .selectFrom('skill_item_students as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.item_id', 'u.id', 'u.name'])
    .where('s.item_id', 'in', itemIds)
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
  for (const { item_id, id, name } of rows)
    audience.set(item_id, [...(audience.get(item_id) ?? []), { id, name }]);
  return audience;
}

export interface SkillItemInput {
  kind: SkillKind;
  title: string;
  description: string;
  accessStart: number;
  accessEnd: number;
  /** A file received with this request: the item opens it from now on. */
  upload: ReceivedFile | undefined;
  /** A link the item opens instead of a file. */
  linkUrl: string | null;
  studentIds: number[];
}

/**
 * Creates or updates an item and who it is for, in one transaction: a new upload replaces the
 * item's file, a link replaces a file, and neither keeps what it had; a file it no longer
 * opens loses its row in the same transaction. Returns its id and the storage keys whose bytes
 * can go once committed, or null if `id` does not exist.
 */
export async function saveItem(
  db: Db,
  id: number | undefined,
  input: SkillItemInput,
  adminId: number,
  now: number,
): Promise<{ id: number; unusedKeys: string[] } | null> {
  return db.transaction().execute(async (trx) => {
    const current =
      id === undefined
        ? undefined
        : await trx
            .selectFrom('skill_items')
            .select(['file_id', 'link_url'])
            .where('id', '=', id)
            .where('kind', '=', input.kind)
            .executeTakeFirst();
    if (id !== undefined && !current) return null;
    const [uploadedId] = await recordFiles(trx, input.upload ? [input.upload] : [], adminId, now);
    const source =
      uploadedId !== undefined
        ? { fileId: uploadedId, linkUrl: null }
        : input.linkUrl
          ? { fileId: null, linkUrl: input.linkUrl }
          : { fileId: current?.file_id ?? null, linkUrl: current?.link_url ?? null };
    const values = {
      kind: input.kind,
      title: input.title,
      description: input.description,
      access_start: input.accessStart,
      access_end: input.accessEnd,
      link_url: source.linkUrl,
      file_id: source.fileId,
      for_all_students: input.studentIds.length === 0 ? 1 : 0,
      updated_at: now,
    };
    let itemId: number;
    if (id === undefined) {
      const row = await trx
        .insertInto('skill_items')
        .values({ ...values, created_at: now, created_by: adminId })
        .returning('id')
        .executeTakeFirstOrThrow();
      itemId = row.id;
    } else {
      const result = await trx
        .updateTable('skill_items')
        .set(values)
        .where('id', '=', id)
        .where('kind', '=', input.kind)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return null;
      itemId = id;
      await trx.deleteFrom('skill_item_students').where('item_id', '=', itemId).execute();
    }
    if (input.studentIds.length > 0) {
      await trx
        .insertInto('skill_item_students')
        .values(input.studentIds.map((userId) => ({ item_id: itemId, user_id: userId })))
        .execute();
    }
    const replaced = current?.file_id;
    const unusedKeys =
      replaced && replaced !== source.fileId ? await deleteFileRows(trx, [replaced]) : [];
    return { id: itemId, unusedKeys };
  });
}

/** Ids among `ids` that are not active students. */
export async function unknownStudents(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', ids)
    .where('role_id', '=', 2)
    .execute();
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

export function listAttempts(db: Db, itemId: number) {
  return db
    .selectFrom('skill_attempts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.user_id', 'u.name as user_name', 'a.started_at'])
    .where('a.item_id', '=', itemId)
    .orderBy('a.started_at')
    .execute();
}

// Speaking questions.

/** The question open now (the earliest to have started, if several are). */
export function findActiveQuestion(db: Db, now: number) {
  return db
    .selectFrom('speaking_questions')
    .select(['id', 'question_text', 'start_time', 'end_time', 'answer_seconds'])
    .where('start_time', '<=', now)
    .where('end_time', '>=', now)
    .orderBy('start_time')
    .orderBy('id')
    .executeTakeFirst();
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
export async function createQuestion(
  db: Db,
  question: QuestionInput,
  adminId: number,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('speaking_questions')
    .values({ ...question, updated_at: now, created_at: now, created_by: adminId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Rewrites a speaking question; false if it no longer exists. */
export async function updateQuestion(
  db: Db,
  id: number,
  question: QuestionInput,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('speaking_questions')
    .set({ ...question, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

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

export function listQuestionsForAdmin(db: Db) {
  return db
    .selectFrom('speaking_questions as q')
    .select((eb) => [
      'q.id',
      'q.question_text',
      'q.start_time',
      'q.end_time',
      'q.answer_seconds',
      eb
        .selectFrom('speaking_answers as a')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('a.question_id', '=', 'q.id')
        .as('answers_count'),
    ])
    .orderBy('q.start_time', 'desc')
    .orderBy('q.id', 'desc')
    .execute();
}

export function listAnswers(db: Db, questionId: number) {
  return db
    .selectFrom('speaking_answers as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('stored_files as f', 'f.id', 'a.file_id')
    .leftJoin('stored_files as rf', 'rf.id', 'a.reply_file_id')
    .select([
      'a.id',
      'a.user_id',
      'u.name as user_name',
      'a.created_at',
      'a.file_id',
      'f.file_name',
      'f.duration_ms',
      'a.reply_text',
      'a.reply_file_id',
      'rf.duration_ms as reply_duration_ms',
      'a.replied_at',
    ])
    .where('a.question_id', '=', questionId)
    .orderBy('a.created_at')
    .execute();
}

/** Deletes an item with its file's row; the storage keys to remove once committed, or null if none. */
export async function deleteItem(db: Db, id: number): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    const item = await trx
      .selectFrom('skill_items')
      .select('file_id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!item) return null;
    await trx.deleteFrom('skill_items').where('id', '=', id).execute();
    return item.file_id === null ? [] : deleteFileRows(trx, [item.file_id]);
  });
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
 * The next moment after `now` at which an item or a speaking question opens or closes (a
 * window includes its end, so it closes a millisecond after it): the live streams tell
 * students then (live/clock.ts). Null when nothing is ahead.
 */
export async function nextWindowChange(db: Db, now: number): Promise<number | null> {
  const [items, questions] = await Promise.all([
    db
      .selectFrom('skill_items')
      .select((eb) => [
        eb.fn.min('access_start').filterWhere('access_start', '>', now).as('opens'),
        eb.fn.min('access_end').filterWhere('access_end', '>=', now).as('closes'),
      ])
      .executeTakeFirst(),
    db
      .selectFrom('speaking_questions')
      .select((eb) => [
        eb.fn.min('start_time').filterWhere('start_time', '>', now).as('opens'),
        eb.fn.min('end_time').filterWhere('end_time', '>=', now).as('closes'),
      ])
      .executeTakeFirst(),
  ]);
  const moments = [
    items?.opens,
    items?.closes == null ? null : Number(items.closes) + 1,
    questions?.opens,
    questions?.closes == null ? null : Number(questions.closes) + 1,
  ]
    .filter((moment): moment is number => moment !== null && moment !== undefined)
    .map(Number);
  return moments.length ? Math.min(...moments) : null;
}

/**
 * Speaking answers waiting for the administrator: not replied to, and no correction sent to
 * their student since.
 */
export async function countWaitingSpeakingAnswers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('speaking_answers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('replied_at', 'is', null)
    .where(noCorrectionSince('speaking_answers.user_id', 'speaking_answers.created_at'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One student's exam and Skill Builder starts, newest first, at most `limit`, and how many. */
export async function summariseStudentAttempts(db: Db, userId: number, limit: number) {
  const [count, latest] = await Promise.all([
    db
      .selectFrom('skill_attempts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('skill_attempts as a')
      .innerJoin('skill_items as i', 'i.id', 'a.item_id')
      .select(['i.id as item_id', 'i.kind', 'i.title', 'a.started_at'])
      .where('a.user_id', '=', userId)
      .orderBy('a.started_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return {
    total: Number(count?.n ?? 0),
    latest: latest.map((r) => ({ ...r, started_at: formatTimestamp(r.started_at) })),
  };
}

/** One student's speaking answers, newest first, at most `limit`, and how many. */
export async function summariseStudentSpeaking(db: Db, userId: number, limit: number) {
  const [count, latest] = await Promise.all([
    db
      .selectFrom('speaking_answers')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('speaking_answers as a')
      .innerJoin('speaking_questions as q', 'q.id', 'a.question_id')
      .select(['a.id', 'q.id as question_id', 'q.question_text', 'a.created_at'])
      .where('a.user_id', '=', userId)
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return {
    total: Number(count?.n ?? 0),
    latest: latest.map((r) => ({ ...r, created_at: formatTimestamp(r.created_at) })),
  };
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
  },
  now: number,
): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    // Two replies at once must not both read the old recording and leave one new one behind:
    // the row is locked on PostgreSQL (SQLite writes one transaction at a time).
    const select = trx
      .selectFrom('speaking_answers')
      .select('reply_file_id')
      .where('id', '=', reply.answer.id);
    const answer = await (dialectOf(db) === 'postgres'
      ? select.forUpdate()
      : select
    ).executeTakeFirst();
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
        ...(replaces ? { reply_file_id: newFileId ?? null } : {}),
      })
      .where('id', '=', reply.answer.id)
      .execute();
    // Told in the same transaction as the reply: a reply is never saved untold (issue 27).
    await tellOfReply(trx, reply.answer, now);
    return replaces && answer.reply_file_id !== null
      ? deleteFileRows(trx, [answer.reply_file_id])
      : [];
  });
}

/** One student's answer to a question, its recording and its reply, if any (the speaking screen). */
export function findOwnAnswer(db: Db, questionId: number, userId: number) {
  return db
    .selectFrom('speaking_answers as a')
    .innerJoin('stored_files as f', 'f.id', 'a.file_id')
    .leftJoin('stored_files as rf', 'rf.id', 'a.reply_file_id')
    .select([
      'a.id',
      'a.file_id',
      'f.duration_ms',
      'a.reply_text',
      'a.reply_file_id',
      'rf.duration_ms as reply_duration_ms',
      'a.replied_at',
    ])
    .where('a.question_id', '=', questionId)
    .where('a.user_id', '=', userId)
    .executeTakeFirst();
}

/** A student's answers that have a reply, newest reply first (Assignment Results). */
export function listRepliesOf(db: Db, userId: number) {
  return db
    .selectFrom('speaking_answers as a')
    .innerJoin('speaking_questions as q', 'q.id', 'a.question_id')
    .innerJoin('stored_files as f', 'f.id', 'a.file_id')
    .leftJoin('stored_files as rf', 'rf.id', 'a.reply_file_id')
    .select([
      'a.id',
      'q.question_text',
      'a.created_at',
      'a.file_id',
      'f.duration_ms',
      'a.reply_text',
      'a.reply_file_id',
      'rf.duration_ms as reply_duration_ms',
      'a.replied_at',
    ])
    .where('a.user_id', '=', userId)
    .where('a.replied_at', 'is not', null)
    .orderBy('a.replied_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
}
