import { expect, it } from 'vitest';
import { createTestApp } from './harness.js';
import { closeLeftApps, openApps } from './open-apps.js';

it('closes the apps a test file left open, once', async () => {
  const left = await createTestApp();
  expect(openApps.size).toBeGreaterThan(0);
  await closeLeftApps();
  expect(openApps.size).toBe(0);
  // Its database is closed: nothing of it outlives the file.
  await expect(left.database.db.selectFrom('users').select('id').execute()).rejects.toThrow();
  // Closing it again (the file's own afterAll, late) does nothing.
  await left.close();
});
