import { removeStoredBytes } from '../../../files/files-data.js';
import type { AppDeps } from '../../../http/call.js';
import {
  type Author,
  deletePassage,
  type PassageDeleteOutcome,
  type PassageInput,
  type PassageOutcome,
  savePassage,
} from './bank-data.js';

/**
 * The passage writes that remove stored files, each taking every step itself: the rows in one
 * transaction (bank-data.ts), then the bytes of a recording no passage plays any more, as the
 * app's other files go (docs/decisions.md, "Issue 28, point 5").
 */

type CommandDeps = Pick<AppDeps, 'db' | 'now' | 'storage'>;

/** Creates or saves a passage; a recording it no longer plays goes, row and bytes. */
export async function savePassageWithFile(
  deps: CommandDeps,
  passageId: number | undefined,
  input: PassageInput,
  author: Author,
): Promise<PassageOutcome> {
  const saved = await savePassage(deps.db, passageId, input, author, deps.now());
  if ('id' in saved) await removeStoredBytes(deps.storage, saved.unusedKeys);
  return saved;
}

/** Deletes a passage no item stands on, with its recording, row and bytes. */
export async function removePassage(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  passageId: number,
  author: Author,
): Promise<PassageDeleteOutcome> {
  const outcome = await deletePassage(deps.db, passageId, author);
  if ('unusedKeys' in outcome) await removeStoredBytes(deps.storage, outcome.unusedKeys);
  return outcome;
}
