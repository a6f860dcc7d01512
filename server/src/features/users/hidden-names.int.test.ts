import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanHiddenNames } from '../../db/migrations/0020-import-jobs.js';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

/**
 * Users' and classes' names are read in lists and exports: like file names, they must hide
 * nothing (no bidi overrides, zero-width characters or line breaks that spoof another name).
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

describe('user and class names', () => {
  it('are kept without hidden characters when an administrator writes them', async () => {
    const student = await t.student();
    const edited = await t.call('updateUser', admin, {
      user_id: student.id,
      name: 'Sara\u202E\u200B\nAhmadi',
      email: `${student.username}@example.com`,
      gender: 'female',
      role_id: '2',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const made = await t.call('createClass', admin, { name: 'B1\u2066 Evening\r\n' });
    expect(made.statusCode, made.body).toBe(200);
    const users = await t.database.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(users.name).toBe('SaraAhmadi');
    const classes = await t.database.db
      .selectFrom('classes')
      .select('name')
      .where('id', '=', made.json().class_id)
      .executeTakeFirstOrThrow();
    expect(classes.name).toBe('B1 Evening');
  });

  it('kept before the rule lose them (migration 0020), a class number added where two would meet', async () => {
    const student = await t.student();
    await t.database.db
      .updateTable('users')
      .set({ name: 'Bob\u202Eoj\nX' })
      .where('id', '=', student.id)
      .execute();
    const now = t.clock.now;
    const insertClass = (name: string, archived = 0) =>
      t.database.db
        .insertInto('classes')
        .values({ name, is_archived: archived, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
    const clean = await insertClass('C1 Spoofed');
    const spoof = await insertClass('C1 Spoofed\u200B');
    const archived = await insertClass('C1 Spoofed\u200D\u200E', 1);
    await cleanHiddenNames(t.database.db);
    const user = await t.database.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(user.name).toBe('BobojX');
    const names = await t.database.db
      .selectFrom('classes')
      .select(['id', 'name'])
      .where('id', 'in', [clean.id, spoof.id, archived.id])
      .orderBy('id')
      .execute();
    expect(names.map((c) => c.name)).toEqual([
      'C1 Spoofed',
      'C1 Spoofed (2)',
      // The joiner stays (Persian spelling needs it); an archived class may share a name.
      'C1 Spoofed\u200D',
    ]);
  });
});
