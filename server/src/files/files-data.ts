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
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
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
