import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/harness.js';
import { fastReaderOf } from './fast-reads.js';
import { prepared } from './prepared.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe.runIf(process.env.TEST_DB !== 'postgres')('fast reads (SQLite)', () => {
  const countCards = () =>
    prepared(
      t.database.db,
      (user: number) =>
        t.database.db
          .selectFrom('flashcards')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', user),
      [-9_001],
    );

  it('reads on the read-only connection what is committed, and nothing an open transaction wrote', async () => {
    expect(fastReaderOf(t.database.db)).toBeDefined();
    const student = await t.student();
    const count = countCards();
    const insert = (db: typeof t.database.db) =>
      db
        .insertInto('flashcards')
        .values({
          user_id: student.id,
          front_text: 'f',
          back_text: 'b',
          level: 1,
          next_review_date: '2026-11-22',
          last_done_date: null,
          created_at: 0,
          updated_at: 0,
        })
        .execute();
    expect((await count(student.id))[0]?.n).toBe(0);
    await insert(t.database.db);
    expect((await count(student.id))[0]?.n).toBe(1);
    // Inside a transaction that has not committed yet, the polling read sees the old state.
    await t.database.db.transaction().execute(async (trx) => {
      await insert(trx);
      expect((await count(student.id))[0]?.n).toBe(1);
    });
    expect((await count(student.id))[0]?.n).toBe(2);
  });

  it('runs reads only', () => {
    expect(() =>
      prepared(
        t.database.db,
        (id: number) => t.database.db.deleteFrom('flashcards').where('id', '=', id),
        [-9_001],
      ),
    ).toThrow('prepared() runs reads only');
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('fast reads (PostgreSQL)', () => {
  it('run as named statements, each reading what is committed, with their own arguments', async () => {
    expect(fastReaderOf(t.database.db)).toBeDefined();
    const db = t.database.db;
    const [a, b] = [await t.student(), await t.student()];
    const count = prepared(
      db,
      (user: number, level: number) =>
        db
          .selectFrom('flashcards')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', user)
          .where('level', '<=', level),
      [-9_001, -9_002],
    );
    const names = prepared(
      db,
      (user: number) => db.selectFrom('users').select('name').where('id', '=', user),
      [-9_001],
    );
    const card = (userId: number, level: number) => ({
      user_id: userId,
      front_text: 'f',
      back_text: 'b',
      level,
      next_review_date: '2026-11-22',
      last_done_date: null,
      created_at: 0,
      updated_at: 0,
    });
    await db
      .insertInto('flashcards')
      .values([card(a.id, 1), card(a.id, 3), card(b.id, 1)])
      .execute();
    // More runs than the pool has connections: each connection prepares the statement once.
    for (let i = 0; i < 25; i++) {
      expect((await count(a.id, 2))[0]?.n).toBe(1);
      expect((await count(a.id, 5))[0]?.n).toBe(2);
      expect((await count(b.id, 5))[0]?.n).toBe(1);
      expect((await names(b.id))[0]?.name).toBe(b.name);
    }
    await db.insertInto('flashcards').values(card(b.id, 2)).execute();
    expect((await count(b.id, 5))[0]?.n).toBe(2);
  });
});
