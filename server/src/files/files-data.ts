import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { FileStorage } from '../storage/storage.js';
import type { ReceivedFile } from './uploads.js';

type DbOrTrx = Kysely<Database> | Transaction<Database>;

/** Writes the rows of files received in this request (inside the caller's transaction); returns their ids in order. */
export async function recordFiles(
  db: DbOrTrx,
  files: ReceivedFile[],
  uploadedBy: number,
  now: number,
): Promise<number[]> {
  if (files.length === 0) return [];
  const rows = await db
    .insertInto('stored_files')
    .values(
      files.map((f) => ({
        storage_key: f.storageKey,
        file_name: f.fileName,
        mime_type: f.mimeType,
        size_bytes: f.size,
        uploaded_by: uploadedBy,
        created_at: now,
        duration_ms: f.seconds === undefined ? null : Math.round(f.seconds * 1000),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** A stored file's row (its storage key, type, size and name), if it exists. */
export function findStoredFile(db: DbOrTrx, id: number) {
  return db.selectFrom('stored_files').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Deletes the rows of files (inside the caller's transaction, with whatever pointed at them)
 * and returns their storage keys; their bytes go with removeStoredBytes after the commit.
 */
export async function deleteFileRows(db: DbOrTrx, fileIds: number[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .selectFrom('stored_files')
    .select('storage_key')
    .where('id', 'in', fileIds)
    .execute();
  await db.deleteFrom('stored_files').where('id', 'in', fileIds).execute();
  return rows.map((r) => r.storage_key);
}

/**
 * Removes the bytes of files whose rows are gone. A failure (or a crash before it) leaves
 * bytes without a row, which the start-up sweep removes; never a row without its bytes.
 */
export async function removeStoredBytes(storage: FileStorage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
}

/**
 * Whether a file is an exam's or a Skill Builder item's paper that this student has not
 * started: such a file opens only through the start call, which records the start, so the
 * download refuses it even to a link signed for them (issued before this rule, say). Admins
 * and students who started may read it.
 */
export async function isUnstartedItemFile(
  db: DbOrTrx,
  fileId: number,
  userId: number,
): Promise<boolean> {
  const item = await db
    .selectFrom('skill_items as i')
    .leftJoin('skill_attempts as a', (join) =>
      join.onRef('a.item_id', '=', 'i.id').on('a.user_id', '=', userId),
    )
    .select(['i.id', 'a.started_at'])
    .where('i.file_id', '=', fileId)
    .executeTakeFirst();
  return item !== undefined && item.started_at === null;
}
