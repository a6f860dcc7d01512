import { CORRECTIONS_PAGE_SIZE } from '@academy/contract';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { fetchPage } from '../../db/lists.js';
import { formatTimestamp } from '../../db/time.js';
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
  },
  now: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const [commentFileId] = correction.comment
      ? await recordFiles(trx, [correction.comment], correction.adminId, now)
      : [];
    const row = await trx
      .insertInto('corrections')
      .values({
        user_id: correction.userId,
        title: correction.title,
        description: correction.description,
        created_at: now,
        created_by: correction.adminId,
        comment_file_id: commentFileId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fileIds = await recordFiles(trx, correction.files, correction.adminId, now);
    if (fileIds.length > 0) {
      await trx
        .insertInto('correction_files')
        .values(
          fileIds.map((fileId, position) => ({ correction_id: row.id, file_id: fileId, position })),
        )
        .execute();
    }
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
  options: { userId: number } | { page: number },
): Promise<{ rows: CorrectionRow[]; hasMore: boolean }> {
  const query = db
    .selectFrom('corrections as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.user_id',
      'u.name as user_name',
      'c.title',
      'c.description',
      'c.created_at',
      'c.comment_file_id',
    ])
    .orderBy('c.id', 'desc');
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
    rows: rows.map((r) => ({
      ...r,
      created_at: formatTimestamp(r.created_at),
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
}

/**
 * Deletes a correction and its files' rows in one transaction, so a failure leaves all of it
 * or none. Returns the storage keys whose bytes the caller removes after the commit, or null
 * when there was no such correction.
 */
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
      .returning(['user_id', 'comment_file_id'])
      .executeTakeFirst();
    if (!removed) return null;
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
 * dashboard's "new" submission or "waiting" speaking answer (docs/decisions.md). Read through
 * the index on corrections (user_id, created_at).
 */
export function noCorrectionSince(userIdColumn: string, createdAtColumn: string) {
  return sql<SqlBool>`not exists (select 1 from corrections where corrections.user_id = ${sql.ref(userIdColumn)} and corrections.created_at >= ${sql.ref(createdAtColumn)})`;
}
