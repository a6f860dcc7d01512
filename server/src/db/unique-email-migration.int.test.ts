import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/harness.js';
import { up as uniqueEmail } from './migrations/0006-unique-email.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('migration 0006-unique-email', () => {
  it('on a database that already shares e-mails: keeps the oldest, gives the others +dupN, then refuses another', async () => {
    const db = t.database.db;
    // The database as it was before the migration: no index, and e-mails given twice.
    await db.schema.dropIndex('users_email_unique').execute();
    const user = (username: string, email: string, created_at: number) => ({
      name: username,
      username,
      email,
      password_hash: 'x',
      role_id: 2,
      gender: 'male' as const,
      created_at,
      updated_at: created_at,
      last_seen_at: null,
    });
    await db
      .insertInto('users')
      .values([
        user('sara.second', 'sara@example.com', 2000),
        user('sara.first', 'Sara@Example.com', 1000),
        user('sara.third', 'SARA@example.com', 3000),
        // Already holds the first variant the migration would try.
        user('sara.dup', 'sara+dup1@example.com', 500),
        user('no.at.first', 'nobody', 100),
        user('no.at.second', 'NOBODY', 200),
        user('alone', 'alone@example.com', 100),
      ])
      .execute();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await uniqueEmail(db);
    const logged = warn.mock.calls.map((c) => String(c[0]));
    warn.mockRestore();

    const emails = Object.fromEntries(
      (await db.selectFrom('users').select(['username', 'email']).execute()).map((u) => [
        u.username,
        u.email,
      ]),
    );
    expect(emails).toMatchObject({
      'sara.first': 'Sara@Example.com',
      'sara.second': 'sara+dup2@example.com',
      'sara.third': 'SARA+dup3@example.com',
      'sara.dup': 'sara+dup1@example.com',
      'no.at.first': 'nobody',
      'no.at.second': 'NOBODY+dup1',
      alone: 'alone@example.com',
    });
    // Each change is logged, naming the account and both e-mails.
    expect(logged).toHaveLength(3);
    expect(logged).toContainEqual(
      expect.stringMatching(
        /user \d+ \(sara\.second\) had the e-mail sara@example\.com .* now sara\+dup2@example\.com/,
      ),
    );
    // From now on the database itself refuses a second account with an e-mail, in any case.
    await expect(
      db
        .insertInto('users')
        .values(user('late', 'ALONE@EXAMPLE.COM', 4000))
        .execute(),
    ).rejects.toThrow();
  });
});
