import { removeStoredBytes } from '../../files/files-data.js';
import type { AppDeps } from '../../http/call.js';
import { type SettingsChange, saveSettings } from './settings-data.js';

/**
 * Saves the academy's settings and applies them: the rows in one transaction
 * (settings-data.ts), then the bytes of the images no longer shown, then this instance reads
 * them again so it answers from the new ones at once (others reload when they hear of it).
 * docs/decisions.md, "Issue 28, point 5".
 */
export async function saveAndApplySettings(
  deps: Pick<AppDeps, 'db' | 'storage' | 'settings' | 'now'>,
  change: SettingsChange,
  by: number,
): Promise<void> {
  const saved = await saveSettings(deps.db, change, by, deps.now());
  await removeStoredBytes(deps.storage, saved.unusedKeys);
  await deps.settings.reload();
}
