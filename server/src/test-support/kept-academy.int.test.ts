import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestUser } from './harness.js';
import type { KeptAcademy } from './kept-academy.js';

/**
 * The access and live matrices run each case on a copy of one kept world: a copy that kept
 * what an earlier case wrote would let a case pass on a world it did not expect (or hide a
 * refusal that changed data). Each copy is the academy as it was kept: rows, ids to come,
 * stored files and the clock.
 */
let kept: KeptAcademy;
let admin: TestUser;
let student: TestUser;
const keptAt = Date.UTC(2026, 10, 23, 9, 30);

beforeAll(async () => {
  const t = await createTestApp({ startAt: keptAt });
  admin = await t.admin();
  student = await t.student();
  const res = await t.call('addNotification', admin, {
    user_id: String(student.id),
    message: 'Kept with the academy',
  });
  expect(res.statusCode, res.body).toBe(200);
  fs.writeFileSync(path.join(t.config.DATA_DIR, 'kept-file.txt'), 'kept');
  kept = await t.keep();
});
afterAll(() => kept?.dispose());

const messagesOf = (t: Awaited<ReturnType<typeof createTestApp>>) =>
  t.database.db.selectFrom('notifications').select(['id', 'message']).orderBy('id').execute();

describe('a kept academy', () => {
  it('gives each app a copy as it was kept, whatever the last one wrote', async () => {
    const first = await createTestApp({ from: kept });
    let firstNewId: number | undefined;
    try {
      expect(first.clock.now).toBe(keptAt);
      expect((await messagesOf(first)).map((n) => n.message)).toEqual(['Kept with the academy']);
      expect(fs.readFileSync(path.join(first.config.DATA_DIR, 'kept-file.txt'), 'utf8')).toBe(
        'kept',
      );
      // The kept users' sessions hold in the copy.
      const res = await first.call('addNotification', admin, {
        user_id: String(student.id),
        message: 'Written on the first copy',
      });
      expect(res.statusCode, res.body).toBe(200);
      firstNewId = (await messagesOf(first)).at(-1)?.id;
      fs.writeFileSync(path.join(first.config.DATA_DIR, 'copy-file.txt'), 'first copy');
      await first.student({ name: 'Added On The First Copy' });
    } finally {
      await first.close();
    }

    const second = await createTestApp({ from: kept });
    try {
      expect((await messagesOf(second)).map((n) => n.message)).toEqual(['Kept with the academy']);
      expect(fs.existsSync(path.join(second.config.DATA_DIR, 'copy-file.txt'))).toBe(false);
      const users = await second.database.db.selectFrom('users').select('name').execute();
      expect(users.map((u) => u.name)).not.toContain('Added On The First Copy');
      // Ids go on from where they stood when kept, not from where the first copy left them.
      await second.call('addNotification', admin, {
        user_id: String(student.id),
        message: 'Written on the second copy',
      });
      expect((await messagesOf(second)).at(-1)?.id).toBe(firstNewId);
    } finally {
      await second.close();
    }
  });

  it('runs one app at a time on PostgreSQL, where the copy is the kept schema itself', async () => {
    const one = await createTestApp({ from: kept });
    try {
      if (one.database.dialect === 'postgres')
        await expect(createTestApp({ from: kept })).rejects.toThrow(/already runs/);
      else {
        // SQLite copies the file: two apps may run side by side, each on its own.
        const two = await createTestApp({ from: kept });
        await two.close();
      }
    } finally {
      await one.close();
    }
  });
});
