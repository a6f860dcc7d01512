import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tell } from '../../domain/tell.js';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { createCorrection } from './corrections-data.js';

/**
 * A writer and what it tells (issue 50, point 2): the correction, its notification and its
 * outbox rows are one transaction. When the write fails after telling, none of them is kept;
 * when it succeeds, all of them are.
 */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  // E-mail set up: a correction is also an e-mail (feedback's default choice, a digest).
  await t.database.db
    .updateTable('academy_settings')
    .set({ email_settings: '{"host":"127.0.0.1"}' })
    .where('id', '=', 1)
    .execute();
  await t.app.deps.settings.reload();
});
afterAll(() => t.close());

const rowsOf = async (userId: number) => ({
  corrections: await t.database.db
    .selectFrom('corrections')
    .select('title')
    .where('user_id', '=', userId)
    .execute(),
  notifications: await t.database.db
    .selectFrom('notifications')
    .select('topic')
    .where('user_id', '=', userId)
    .execute(),
  outbox: await t.database.db
    .selectFrom('outbox')
    .select('channel')
    .where('user_id', '=', userId)
    .execute(),
});

const correct = (userId: number, tell: Tell) =>
  createCorrection(
    t.database.db,
    { userId, title: 'Essay 3', description: '', files: [], adminId: admin.id },
    t.clock.now,
    tell,
  );

describe('a correction and what it tells', () => {
  it('keeps neither the notification nor the outbox rows when the write rolls back after telling', async () => {
    const student = await t.student();
    // The app's own teller, then a failure after it, still inside the correction's transaction.
    const failingAfter: Tell = async (trx, news) => {
      await t.app.deps.tell(trx, news);
      throw new Error('the write failed after telling');
    };
    await expect(correct(student.id, failingAfter)).rejects.toThrow(
      'the write failed after telling',
    );
    expect(await rowsOf(student.id)).toEqual({ corrections: [], notifications: [], outbox: [] });
  });

  it('keeps all three when it commits', async () => {
    const student = await t.student();
    await correct(student.id, t.app.deps.tell);
    expect(await rowsOf(student.id)).toEqual({
      corrections: [{ title: 'Essay 3' }],
      notifications: [{ topic: 'correction' }],
      outbox: [{ channel: 'email' }],
    });
  });
});
