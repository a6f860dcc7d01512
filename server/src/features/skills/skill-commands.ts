import { removeStoredBytes } from '../../files/files-data.js';
import type { AppDeps } from '../../http/call.js';
import { deleteItem, type ItemRefusal, type SkillItemInput, saveItem } from './skills-data.js';

/**
 * The Skill Builder's writes that remove stored files, each one function that takes every
 * step itself: the rows in one transaction (skills-data.ts), then the bytes of the file the
 * item no longer opens (docs/decisions.md, "Issue 28, point 5"). Tested step by step in
 * skill-commands.int.test.ts.
 */

type CommandDeps = Pick<AppDeps, 'db' | 'now' | 'storage'>;

/**
 * Creates an item, or saves an existing one (`id`) with who it is for; a file it no longer
 * opens goes, row and bytes. Its id; null when there was no such item of that kind; a refusal
 * when its maximum would change under marks already given.
 */
export async function saveSkillItem(
  deps: CommandDeps,
  id: number | undefined,
  input: SkillItemInput,
  adminId: number,
): Promise<number | ItemRefusal> {
  const saved = await saveItem(deps.db, id, input, adminId, deps.now());
  if (saved === null || 'refused' in saved) return saved;
  await removeStoredBytes(deps.storage, saved.unusedKeys);
  return saved.id;
}

/** Deletes an item with its file, row and bytes. False when there was no such item. */
export async function removeSkillItem(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  id: number,
): Promise<boolean> {
  const unusedKeys = await deleteItem(deps.db, id);
  if (unusedKeys === null) return false;
  await removeStoredBytes(deps.storage, unusedKeys);
  return true;
}
