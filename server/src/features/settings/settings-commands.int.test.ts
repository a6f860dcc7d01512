import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { samples } from '../../test-support/samples.js';
import { saveAndApplySettings } from './settings-commands.js';

/**
 * Saving the settings, called as the handler calls it: it must remove the bytes of the
 * images no longer shown and answer from the new settings at once (docs/decisions.md,
 * "Issue 28, point 5").
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

describe('saveAndApplySettings', () => {
  it('removes the stored bytes of an image put back to the default, and applies the change', async () => {
    const saved = await t.call('saveSettings', admin, {
      logo: { filename: 'logo.png', content: samples.png },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const logoId = t.app.deps.settings.current.images.logo;
    expect(logoId).not.toBeNull();
    const { storage_key } = await t.database.db
      .selectFrom('stored_files')
      .select('storage_key')
      .where('id', '=', Number(logoId))
      .executeTakeFirstOrThrow();
    expect(await t.app.deps.storage.exists(storage_key)).toBe(true);

    await saveAndApplySettings(
      t.app.deps,
      { academyName: 'Renamed Academy', useDefault: ['logo'], uploads: [] },
      admin.id,
    );
    expect(await t.app.deps.storage.exists(storage_key)).toBe(false);
    expect(t.app.deps.settings.current.images.logo).toBeNull();
    expect(t.app.deps.settings.current.academyName).toBe('Renamed Academy');
  });
});
