import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROWS_PER_INSERT } from '../../db/lists.js';
import type { Tell } from '../../domain/tell.js';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { SENDING_HOLD_MS, sendNotification, writeRest } from './sending-notifications.js';

/**
 * Issue 31: a notification to many is written a slice of students at a time, each slice its
 * own transaction, and finished by the sending finisher when its writer dies between slices.
 * Every student gets one copy and one e-mail, whatever happens between slices.
 */

let t: TestApp;
let admin: TestUser;
/**
 * The app's teller; e-mail is set up (beforeAll), so each student's announcement is also one
 * e-mail in the outbox (the default choice).
 */
const tell: Tell = (trx, news) => t.app.deps.tell(trx, news);
const STUDENTS = 2 * ROWS_PER_INSERT + 150; // three slices
let everyone: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  // E-mail set up on Settings, so the finisher, which reads the academy's setup, queues too.
  const saved = await t.call('saveEmailSettings', admin.token, {
    host: '127.0.0.1',
    port: 2525,
    security: 'none',
    sender_name: 'Bright English Academy',
    sender_address: 'office@bright.example.com',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const now = t.clock.now;
  await t.database.db
    .insertInto('users')
    .values(
      Array.from({ length: STUDENTS }, (_, i) => ({
        name: `Sliced Student ${i}`,
        username: `sliced_${i}`,
        email: `sliced_${i}@example.com`,
        password_hash: 'not-a-hash',
        role_id: 2,
        gender: 'female' as const,
        last_seen_at: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  everyone = (
    await t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', 'like', 'sliced_%')
      .orderBy('id')
      .execute()
  ).map((u) => u.id);
}, 60_000);
afterAll(() => t.close());

const toEveryone = () => ({ userIds: everyone, many: { words: 'Everyone', classId: null } });

/** A clock that works `ticks` times and then fails: the writer dies before its next slice. */
const dyingClock = (ticks: number) => {
  let left = ticks;
  return () => {
    if (left-- <= 0) throw new Error('the writer died');
    return t.clock.now;
  };
};

/** The sending's copies per student, and its e-mails per student, with the words they have. */
async function copiesOf(message: string) {
  const { db } = t.database;
  const rows = await db
    .selectFrom('notifications')
    .select(['user_id', 'sending_id', 'created_at', 'message'])
    .where('message', 'like', `${message}%`)
    .execute();
  const emails = await db
    .selectFrom('outbox')
    .select('user_id')
    .where('text', 'like', `${message}%`)
    .where('channel', '=', 'email')
    .execute();
  const times = (ids: (number | null)[]) => {
    const n = new Map<number | null, number>();
    for (const id of ids) n.set(id, (n.get(id) ?? 0) + 1);
    return n;
  };
  return {
    rows,
    perStudent: times(rows.map((r) => r.user_id)),
    emailsPerStudent: times(emails.map((e) => e.user_id)),
    sendings: new Set(rows.map((r) => r.sending_id)),
  };
}

const unfinished = () => t.database.db.selectFrom('unfinished_sendings').selectAll().execute();

function expectOnceEach(copies: Awaited<ReturnType<typeof copiesOf>>, students = everyone) {
  expect(copies.rows).toHaveLength(students.length);
  expect([...copies.perStudent.keys()].sort((a, b) => Number(a) - Number(b))).toEqual(students);
  expect([...copies.perStudent.values()].every((n) => n === 1)).toBe(true);
  expect(copies.sendings.size).toBe(1);
  expect(copies.emailsPerStudent.size).toBe(students.length);
  expect([...copies.emailsPerStudent.values()].every((n) => n === 1)).toBe(true);
}

describe('a notification to more students than a slice', () => {
  it('is written whole through the call, each student once, one sending, nothing left unfinished', async () => {
    const res = await t.call('addNotification', admin.token, {
      user_id: 'all',
      message: 'Sliced: the academy is closed on Friday.',
    });
    expect(res.statusCode, res.body).toBe(200);
    // Every active student: the seeded ones and none else (the admin is not a student).
    expect(res.json().message).toBe(`Notification sent to ${STUDENTS} students.`);
    const copies = await copiesOf('Sliced: the academy');
    expectOnceEach(copies);
    // Every copy is from the moment it was sent, whichever slice wrote it.
    expect(new Set(copies.rows.map((r) => String(r.created_at))).size).toBe(1);
    expect(await unfinished()).toEqual([]);
  });

  it('is finished by the finisher once its dead writer’s hold lapses, each student once, and they are told', async () => {
    const message = 'Died: bring your books.';
    await expect(
      sendNotification(t.database.db, toEveryone(), message, admin.id, dyingClock(2), tell),
    ).rejects.toThrow('the writer died');
    // One slice written, its sending's list and count kept.
    expect((await copiesOf(message)).rows).toHaveLength(ROWS_PER_INSERT);
    const [left] = await unfinished();
    expect(left).toMatchObject({ message, written: ROWS_PER_INSERT });

    // Still held: another instance does not take it while the writer may be at work.
    expect(await t.app.deps.sendingFinisher.runOnce()).toEqual([]);
    t.clock.now += SENDING_HOLD_MS;
    const told = await t.app.deps.sendingFinisher.runOnce();
    expect(told).toEqual(everyone.slice(ROWS_PER_INSERT));
    expectOnceEach(await copiesOf(message));
    expect(await unfinished()).toEqual([]);
    // Nothing is left for a later run.
    t.clock.now += SENDING_HOLD_MS;
    expect(await t.app.deps.sendingFinisher.runOnce()).toEqual([]);
  });

  it('written by two writers at once, still gives each student one copy', async () => {
    const message = 'Twice: the exam starts at nine.';
    await expect(
      sendNotification(t.database.db, toEveryone(), message, admin.id, dyingClock(1), tell),
    ).rejects.toThrow('the writer died');
    const [left] = await unfinished();
    expect(left?.written).toBe(0);
    const sendingId = left?.sending_id ?? 0;
    const clock = () => t.clock.now;
    const [a, b] = await Promise.all([
      writeRest(t.database.db, sendingId, clock, tell),
      writeRest(t.database.db, sendingId, clock, tell),
    ]);
    expect([...a, ...b].sort((x, y) => x - y)).toEqual(everyone);
    expectOnceEach(await copiesOf(message));
    expect(await unfinished()).toEqual([]);
  });

  it('reworded while being written: the copies still to write take the new words', async () => {
    await expect(
      sendNotification(
        t.database.db,
        toEveryone(),
        'Reworded: old words.',
        admin.id,
        dyingClock(2),
        tell,
      ),
    ).rejects.toThrow('the writer died');
    const [left] = await unfinished();
    const res = await t.call('updateSending', admin.token, {
      sending_id: String(left?.sending_id),
      message: 'Reworded: new words.',
    });
    expect(res.statusCode, res.body).toBe(200);
    t.clock.now += SENDING_HOLD_MS;
    await t.app.deps.sendingFinisher.runOnce();
    const copies = await copiesOf('Reworded:');
    expect(copies.rows).toHaveLength(STUDENTS);
    expect(new Set(copies.rows.map((r) => r.message))).toEqual(new Set(['Reworded: new words.']));
  });

  it('leaves out a student deleted before their slice, and writes the rest', async () => {
    const message = 'Deleted: the trip is on Tuesday.';
    await expect(
      sendNotification(t.database.db, toEveryone(), message, admin.id, dyingClock(2), tell),
    ).rejects.toThrow('the writer died');
    const gone = everyone[STUDENTS - 1] ?? 0;
    const res = await t.call('deleteUser', admin.token, { user_id: gone });
    expect(res.statusCode, res.body).toBe(200);
    everyone = everyone.filter((id) => id !== gone);
    t.clock.now += SENDING_HOLD_MS;
    await t.app.deps.sendingFinisher.runOnce();
    expectOnceEach(await copiesOf(message));
    expect(await unfinished()).toEqual([]);
  });
});
