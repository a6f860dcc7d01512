import { removeStoredBytes } from '../../files/files-data.js';
import type { AppDeps } from '../../http/call.js';
import { deleteCorrection } from './corrections-data.js';

/**
 * Deletes a correction with its stored files: the rows in one transaction
 * (corrections-data.ts), then the bytes (docs/decisions.md, "Issue 28, point 5"). The student
 * it was for, or null when there was no such correction.
 */
export async function removeCorrection(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  correctionId: number,
): Promise<{ studentId: number } | null> {
  const deleted = await deleteCorrection(deps.db, correctionId);
  if (deleted === null) return null;
  await removeStoredBytes(deps.storage, deleted.storageKeys);
  return { studentId: deleted.studentId };
}
