import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/index.js';
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
 * Deletes files: first their rows, then their bytes. A crash in between leaves bytes without a
 * row (swept at the next start), never a row without its bytes.
 */
export async function deleteFiles(db: Db, storage: FileStorage, fileIds: number[]): Promise<void> {
  if (fileIds.length === 0) return;
  const rows = await db
    .selectFrom('stored_files')
    .select('storage_key')
    .where('id', 'in', fileIds)
    .execute();
  await db.deleteFrom('stored_files').where('id', 'in', fileIds).execute();
  await Promise.all(rows.map((r) => storage.remove(r.storage_key).catch(() => undefined)));
}
