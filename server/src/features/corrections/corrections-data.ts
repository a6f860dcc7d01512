import { CORRECTIONS_PAGE_SIZE } from '@academy/contract';
import type { Db } from '../../db/index.js';
import { formatTimestamp } from '../../db/time.js';
import { recordFiles } from '../../files/files-data.js';
import type { ReceivedFile } from '../../files/uploads.js';

export async function createCorrection(
  db: Db,
  correction: {
    userId: number;
    title: string;
    description: string;
    files: ReceivedFile[];
    adminId: number;
  },
  now: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('corrections')
      .values({
        user_id: correction.userId,
        title: correction.title,
        description: correction.description,
        created_at: now,
        created_by: correction.adminId,
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

/** Corrections newest first: every student's (the admin's sent list) or one student's (their results). */
export async function listCorrections(db: Db, options: { userId?: number; page: number }) {
  let query = db
    .selectFrom('corrections as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.user_id',
      'u.name as user_name',
      'c.title',
      'c.description',
      'c.created_at',
    ])
    .orderBy('c.id', 'desc')
    .limit(CORRECTIONS_PAGE_SIZE)
    .offset((options.page - 1) * CORRECTIONS_PAGE_SIZE);
  if (options.userId !== undefined) query = query.where('c.user_id', '=', options.userId);
  const rows = await query.execute();
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
  return rows.map((r) => ({
    ...r,
    created_at: formatTimestamp(r.created_at),
    files: files.filter((f) => f.correction_id === r.id),
  }));
}

export async function fileIdsOfCorrection(db: Db, correctionId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('correction_files')
    .select('file_id')
    .where('correction_id', '=', correctionId)
    .execute();
  return rows.map((r) => r.file_id);
}
