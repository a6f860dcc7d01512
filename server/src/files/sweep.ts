import type { Db } from '../db/index.js';
import type { FileStorage } from '../storage/storage.js';

/**
 * Removes stored bytes that no row refers to: left by a crash between storing a file and
 * writing its row, or between deleting a row and its bytes. Only files older than
 * `olderThan` are touched, so uploads in flight on another instance are safe.
 */
export async function sweepOrphanFiles(
  db: Db,
  storage: FileStorage,
  olderThan: number,
): Promise<number> {
  // Half-written uploads are not here: they are cleared at start-up, before listening
  // (FileStorage.clearUnfinished), when none can be in flight.
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const known = await db
      .selectFrom('stored_files')
      .select('storage_key')
      .where('storage_key', 'in', batch)
      .execute();
    const keep = new Set(known.map((r) => r.storage_key));
    for (const key of batch) {
      if (!keep.has(key)) {
        await storage.remove(key);
        removed += 1;
      }
    }
    batch = [];
  };
  for await (const file of storage.list()) {
    if (file.modifiedAt >= olderThan) continue;
    batch.push(file.key);
    if (batch.length >= 500) await flush();
  }
  await flush();
  return removed;
}
