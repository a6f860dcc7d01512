import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/harness.js';
import { up as lowerCaseEmails } from './migrations/0046-lower-case-emails.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('migration 0046-lower-case-emails', () => {
  it("lowers users' and guardians' e-mails with capitals, and leaves the rest", async () => {
    const db = t.database.db;
    const user = (username: string, email: string) => ({
      name: username,
      username,
      email,
      password_hash: 'x',
      role_id: 2,
      gender: 'male' as const,
      created_at: 1000,
      updated_at: 1000,
      last_seen_at: null,
    });
    await db
      .insertInto('users')
      .values([
        user('upper.one', 'Upper.One@Example.COM'),
        user('lower.one', 'lower.one@example.com'),
      ])
      .execute();
    const student = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'upper.one')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('guardians')
      .values([
        {
          student_id: student.id,
          name: 'Mum',
          email: 'Mum@Home.Example',
          phone: null,
          created_at: 1,
        },
        { student_id: student.id, name: 'Dad', email: null, phone: '+447700900123', created_at: 1 },
      ])
      .execute();

    await lowerCaseEmails(db);

    const emails = await db
      .selectFrom('users')
      .select(['username', 'email'])
      .where('username', 'in', ['upper.one', 'lower.one'])
      .orderBy('username')
      .execute();
    expect(emails).toEqual([
      { username: 'lower.one', email: 'lower.one@example.com' },
      { username: 'upper.one', email: 'upper.one@example.com' },
    ]);
    const guardians = await db
      .selectFrom('guardians')
      .select(['name', 'email'])
      .where('student_id', '=', student.id)
      .orderBy('name')
      .execute();
    expect(guardians).toEqual([
      { name: 'Dad', email: null },
      { name: 'Mum', email: 'mum@home.example' },
    ]);
  });
});
