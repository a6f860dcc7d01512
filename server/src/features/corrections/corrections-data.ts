import { CORRECTIONS_PAGE_SIZE } from '@academy/contract';
import { type Mark, markOrNull } from '@academy/contract/marks';
import { type SqlBool, sql } from 'kysely';
import { taughtStudents, type Within } from '../../auth/reach.js';
import { dialectOf } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';
import { fetchPage } from '../../db/lists.js';
import { studentSummary } from '../../db/student-summary.js';
import { formatOptionalTimestamp, formatTimestamp } from '../../db/time.js';
import { quoted, type Tell } from '../../domain/tell.js';
import { deleteFileRows, recordFiles } from '../../files/files-data.js';
import type { ReceivedFile } from '../../files/uploads.js';

export async function createCorrection(
  db: Db,
  correction: {
    userId: number;
    title: string;
    description: string;
    files: ReceivedFile[];
    /** The administrator's recorded comment, if any (issue 21). */
    comment?: ReceivedFile | undefined;
    adminId: number;
    /** The student's submission it answers, checked by the caller; null: none. */
    submissionId?: number | null;
    /** The mark it gives (issue 30), read by readMark; null: none. */
    mark?: Mark | null;
  },
  now: number,
  tell: Tell,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const [commentFileId] = correction.comment
      ? await recordFiles(trx, [correction.comment], correction.adminId, now)
      : [];
    await holdStudentWork(trx, correction.userId);
    const row = await trx
      .insertInto('corrections')
      .values({
        user_id: correction.userId,
        title: correction.title,
        description: correction.description,
        created_at: now,
        created_by: correction.adminId,
        submission_id: correction.submissionId ?? null,
        comment_file_id: commentFileId ?? null,
        mark_hundredths: correction.mark?.hundredths ?? null,
        mark_out_of: correction.mark?.out_of ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await noteAnswer(trx, {
      userId: correction.userId,
      submissionId: correction.submissionId ?? null,
      at: now,
    });
    const fileIds = await recordFiles(trx, correction.files, correction.adminId, now);
    if (fileIds.length > 0) {
      await trx
        .insertInto('correction_files')
        .values(
          fileIds.map((fileId, position) => ({ correction_id: row.id, file_id: fileId, position })),
        )
        .execute();
    }
    // The student hears of it with the correction, never without it (issue 27).
    await tell(trx, {
      userId: correction.userId,
      topic: 'correction',
      refId: row.id,
      text: `Your teacher sent you a correction: ${quoted(correction.title)}. It is in Assignment Results.`,
    });
    return row.id;
  });
}

/**
 * Corrections newest first: every student's (the admin's sent list, a page of 50 at a time,
 * with one more row read to tell whether another page follows) or all of one student's (their
 * results: a student has a few a week, not thousands).
 */
export async function listCorrections(
  db: Db,
  options: { userId: number } | { page: number; within?: Within },
): Promise<{ rows: CorrectionRow[]; hasMore: boolean }> {
  let query = db
    .selectFrom('corrections as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('submissions as s', 's.id', 'c.submission_id')
    .leftJoin('assignments as a', 'a.id', 's.assignment_id')
    .select([
      'c.id',
      'c.user_id',
      'u.name as user_name',
      'c.title',
      'c.description',
      'c.created_at',
      'c.submission_id',
      's.subject as submission_subject',
      's.created_at as submission_created_at',
      'a.title as assignment_title',
      'c.comment_file_id',
      'c.mark_hundredths',
      'c.mark_out_of',
    ])
    .orderBy('c.id', 'desc');
  if ('within' in options && options.within !== undefined)
    query = query.where('c.user_id', 'in', taughtStudents(db, options.within));
  const { rows, hasMore } =
    'userId' in options
      ? { rows: await query.where('c.user_id', '=', options.userId).execute(), hasMore: false }
      : await fetchPage(query, options.page, CORRECTIONS_PAGE_SIZE);
  const files = rows.length
    ? await db
        .selectFrom('correction_files as cf')
        .innerJoin('stored_files as f', 'f.id', 'cf.file_id')
        .select(['cf.correction_id', 'f.id as file_id', 'f.file_name'])
        .where(
          'cf.correction_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('cf.correction_id')
        .orderBy('cf.position')
        .execute()
    : [];
  return {
    rows: rows.map(({ mark_hundredths, mark_out_of, ...r }) => ({
      ...r,
      mark: markOrNull(mark_hundredths, mark_out_of),
      created_at: formatTimestamp(r.created_at),
      submission_created_at: formatOptionalTimestamp(r.submission_created_at),
      files: files.filter((f) => f.correction_id === r.id),
    })),
    hasMore,
  };
}

export interface CorrectionRow {
  id: number;
  user_id: number;
  user_name: string;
  title: string;
  description: string;
  created_at: string;
  comment_file_id: number | null;
  files: { correction_id: number; file_id: number; file_name: string }[];
  submission_id: number | null;
  submission_subject: string | null;
  submission_created_at: string | null;
  assignment_title: string | null;
  /** The mark it gives (issue 30), or null. */
  mark: Mark | null;
}

/**
 * Deletes a correction and its files' rows in one transaction: the student it was for and
 * the storage keys whose bytes are to go, or null when there was no such correction.
 */
export async function deleteCorrection(
  db: Db,
  correctionId: number,
): Promise<{ studentId: number; storageKeys: string[] } | null> {
  return db.transaction().execute(async (trx) => {
    const files = await trx
      .selectFrom('correction_files')
      .select('file_id')
      .where('correction_id', '=', correctionId)
      .execute();
    const removed = await trx
      .deleteFrom('corrections')
      .where('id', '=', correctionId)
      .returning(['user_id', 'comment_file_id', 'created_at'])
      .executeTakeFirst();
    if (!removed) return null;
    // The submissions it was the first answer of fall back to their next answer, or to new.
    await holdStudentWork(trx, removed.user_id);
    await settleCorrectedAt(trx, { userId: removed.user_id, correctedAt: removed.created_at });
    // correction_files went with the correction (on delete cascade); now the files themselves,
    // the recorded comment's too.
    const storageKeys = await deleteFileRows(trx, [
      ...files.map((f) => f.file_id),
      ...(removed.comment_file_id === null ? [] : [removed.comment_file_id]),
    ]);
    return { studentId: removed.user_id, storageKeys };
  });
}

/**
 * True where no correction has been sent to the row's student since the row arrived: the
 * dashboard's "waiting" speaking answer (docs/decisions.md). Read through the index on
 * corrections (user_id, created_at).
 */
export function noCorrectionSince(userIdColumn: string, createdAtColumn: string) {
  return sql<SqlBool>`not exists (select 1 from corrections where corrections.user_id = ${sql.ref(userIdColumn)} and corrections.created_at >= ${sql.ref(createdAtColumn)})`;
}

/**
 * A correction answers a submission (docs/decisions.md, "Work that connects") when it names
 * it, or names no submission and was sent to its student at or after the submission arrived,
 * as every correction was before they could name one. The submission keeps the instant of its
 * first answer as `corrected_at` (migration 0025; null: "new"), so the inbox's filters read a
 * column and an index instead of probing corrections for every submission they walk. Every
 * write that adds or removes an answer keeps it here, in its own transaction: sending a
 * correction (noteAnswer), deleting one, and a new submission (settleCorrectedAt). Deleting a
 * student removes their submissions and corrections together.
 */

/**
 * Takes the student's work lock until the transaction ends, on PostgreSQL: a correction naming
 * no submission and a submission arriving at once on two connections would each miss the
 * other's uncommitted row, leaving the submission "new" though the rule answers it. SQLite
 * writes one transaction at a time.
 */
export async function holdStudentWork(trx: Db, userId: number): Promise<void> {
  if (dialectOf(trx) === 'postgres')
    await sql`select pg_advisory_xact_lock(${STUDENT_WORK_LOCK}::int, ${userId}::int)`.execute(trx);
}
/** The first key of the student work lock's pair (the second is the student's id). */
const STUDENT_WORK_LOCK = 25;

/** A correction was sent at `at`: the submissions it answers, and had no earlier answer, have it now. */
async function noteAnswer(
  trx: Db,
  answer: { userId: number; submissionId: number | null; at: number },
): Promise<void> {
  const update = trx
    .updateTable('submissions')
    .set({ corrected_at: answer.at })
    .where((eb) => eb.or([eb('corrected_at', 'is', null), eb('corrected_at', '>', answer.at)]));
  await (answer.submissionId === null
    ? update.where('user_id', '=', answer.userId).where('created_at', '<=', answer.at)
    : update.where('id', '=', answer.submissionId)
  ).execute();
}

/**
 * A submission's first answer, worked out from the corrections: the earlier of the first
 * correction naming it (corrections_submission) and the first naming none sent to its student
 * since it arrived (corrections_unnamed_user_time, migration 0018, read alone). Over a query
 * or update of `submissions`.
 */
export const firstAnswerAt = () => sql<number | null>`(select min(answer.at) from (
    select min(c.created_at) as at from corrections c where c.submission_id = submissions.id
    union all
    select min(c.created_at) as at from corrections c
      where c.user_id = submissions.user_id and c.submission_id is null
        and c.created_at >= submissions.created_at
  ) answer)`;

/**
 * Works `corrected_at` out again (firstAnswerAt), for one submission (a new one, which a
 * correction sent with a later clock may already answer), for a student's submissions first
 * answered at one instant (that answer was deleted), or for every submission (the bench seed,
 * which writes its rows directly).
 */
export async function settleCorrectedAt(
  trx: Db,
  which: { submissionId: number } | { userId: number; correctedAt: number } | 'every',
): Promise<void> {
  const update = trx.updateTable('submissions').set({ corrected_at: firstAnswerAt() });
  if (which === 'every') await update.execute();
  else if ('submissionId' in which) await update.where('id', '=', which.submissionId).execute();
  else
    await update
      .where('user_id', '=', which.userId)
      .where('corrected_at', '=', which.correctedAt)
      .execute();
}

/**
 * The correction that answers a submission, by the rule above: the first that names it, or
 * else the first naming no submission sent to its student since it arrived; null while it is
 * new. Read through the same two indexes.
 */
export function answeringCorrection(
  submissionIdColumn: string,
  userIdColumn: string,
  createdAtColumn: string,
) {
  return sql<
    number | string | null
  >`coalesce((select c.id from corrections c where c.submission_id = ${sql.ref(submissionIdColumn)} order by c.created_at, c.id limit 1), (select c.id from corrections c where c.user_id = ${sql.ref(userIdColumn)} and c.submission_id is null and c.created_at >= ${sql.ref(createdAtColumn)} order by c.created_at, c.id limit 1))`;
}

/** One student's corrections: how many, and the newest `limit` (the student's page). */
export function summariseStudentCorrections(db: Db, userId: number, limit: number) {
  const newest = db
    .selectFrom('corrections')
    .select(['id', 'title', 'description', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return studentSummary(db, 'corrections', userId, newest, 'created_at');
}

/**
 * The student a submission belongs to, or null when there is no such submission: a correction
 * may answer only its own student's submission. Asked here, beside the corrections that read
 * the submissions they answer, so that submissions/ alone builds on corrections/.
 */
export async function submissionOwner(db: Db, submissionId: number): Promise<number | null> {
  const row = await db
    .selectFrom('submissions')
    .select('user_id')
    .where('id', '=', submissionId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}
