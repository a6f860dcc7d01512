import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { openStream } from '../../test-support/live-stream.js';
import { samples } from '../../test-support/samples.js';
import { removeCorrection } from '../corrections/correction-commands.js';
import {
  changeOwnPassword,
  deleteUser,
  resetPassword,
  saveUserDetails,
  setUserActive,
} from './user-commands.js';

/**
 * The multi-step writes, called as a handler calls them: each must take every step itself
 * (docs/decisions.md, "Issue 28, point 5"). A session is checked as a browser holds it: its
 * token answered once (so this instance's caller cache knows it) and its live stream open;
 * ended means the next call is refused and the stream hears 'ended'.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin({ name: 'Command Admin' });
});
afterAll(() => t.close());

const answers = (user: TestUser) =>
  t.call('getNotifications', user, { user_id: user.id }).then((r) => r.statusCode);

/** Opens a session as a tab holds it; `ended()` says whether the command ended it. */
async function session(user: TestUser) {
  expect(await answers(user)).toBe(200);
  const tab = await openStream(t, user.token);
  return {
    async ended(): Promise<boolean> {
      try {
        await tab.next((e) => e.event === 'ended', 2_000);
      } catch {
        return false;
      } finally {
        tab.close();
      }
      return (await answers(user)) === 401;
    },
    async goesOn(): Promise<boolean> {
      tab.close();
      return (await answers(user)) === 200;
    },
  };
}

/** A correction with a file sent to the student: its id and the file's storage keys. */
async function correctionFor(student: TestUser) {
  const sent = await t.call('sendCorrection', admin, {
    user_id: student.id,
    title: 'Work',
    file1: { filename: 'r.pdf', content: samples.pdf },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const row = await t.database.db
    .selectFrom('corrections')
    .select('id')
    .where('user_id', '=', student.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const keys = await t.database.db
    .selectFrom('correction_files as f')
    .innerJoin('stored_files as s', 's.id', 'f.file_id')
    .select('s.storage_key')
    .where('f.correction_id', '=', row.id)
    .execute();
  expect(keys).toHaveLength(1);
  for (const { storage_key } of keys)
    expect(await t.app.deps.storage.exists(storage_key)).toBe(true);
  return { id: row.id, keys: keys.map((k) => k.storage_key) };
}

const stored = async (keys: string[]) =>
  Promise.all(keys.map((key) => t.app.deps.storage.exists(key)));

/** A wrong password tried for the username, counted against it. */
async function failedLogin(user: TestUser) {
  const res = await t.call('login', undefined, {
    username: user.username,
    password: 'not it at all',
  });
  expect(res.statusCode).toBe(401);
  expect(await attemptsOf(user)).toBeGreaterThan(0);
}
const attemptsOf = async (user: TestUser) =>
  (
    await t.database.db
      .selectFrom('login_attempts')
      .select('scope')
      .where('username', '=', user.username.toLowerCase())
      .execute()
  ).length;

describe('deleteUser', () => {
  it('ends the sessions, forgets the failed logins and removes the stored files', async () => {
    const student = await t.student();
    const { keys } = await correctionFor(student);
    await failedLogin(student);
    const tab = await session(student);
    expect(await deleteUser(t.app.deps, student)).toBe(true);
    expect(await tab.ended()).toBe(true);
    expect(await attemptsOf(student)).toBe(0);
    expect(await stored(keys)).toEqual([false]);
    const row = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', student.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('answers false for an account already gone', async () => {
    const student = await t.student();
    expect(await deleteUser(t.app.deps, student)).toBe(true);
    expect(await deleteUser(t.app.deps, student)).toBe(false);
  });
});

describe('resetPassword', () => {
  it('sets the password, ends every session and forgets the failed logins', async () => {
    const student = await t.student();
    await failedLogin(student);
    const tab = await session(student);
    await resetPassword(t.app.deps, student, 'a brand new password');
    expect(await tab.ended()).toBe(true);
    expect(await attemptsOf(student)).toBe(0);
    const login = await t.call('login', undefined, {
      username: student.username,
      password: 'a brand new password',
    });
    expect(login.statusCode, login.body).toBe(200);
  });
});

describe('changeOwnPassword', () => {
  it("ends the user's other sessions and keeps the one they changed it from", async () => {
    const student = await t.student();
    const other = await t.call('login', undefined, {
      username: student.username,
      password: student.password,
    });
    const elsewhere = { ...student, token: String(other.json().token) };
    const here = await session(student);
    const there = await session(elsewhere);
    const caller = await t.database.db
      .selectFrom('auth_tokens')
      .select('token_hash')
      .where('user_id', '=', student.id)
      .orderBy('id', 'asc')
      .executeTakeFirstOrThrow();
    await changeOwnPassword(
      t.app.deps,
      { id: student.id, tokenHash: caller.token_hash },
      'my own new password',
    );
    expect(await there.ended()).toBe(true);
    expect(await here.goesOn()).toBe(true);
  });
});

describe('setUserActive', () => {
  it('ends every session on deactivating; reactivating lets them log in again', async () => {
    const student = await t.student();
    const tab = await session(student);
    await setUserActive(t.app.deps, student.id, false);
    expect(await tab.ended()).toBe(true);
    await setUserActive(t.app.deps, student.id, true);
    const login = await t.call('login', undefined, {
      username: student.username,
      password: student.password,
    });
    expect(login.statusCode, login.body).toBe(200);
  });
});

describe('saveUserDetails', () => {
  const details = (user: TestUser, roleId: number) => ({
    name: user.name,
    email: `${user.username}@example.com`,
    gender: 'male' as const,
    roleId,
  });

  it('ends the sessions when the role changes, so the new role applies at once', async () => {
    const student = await t.student();
    const tab = await session(student);
    expect(
      await saveUserDetails(t.app.deps, { id: student.id, role_id: 2 }, details(student, 1)),
    ).toBe(true);
    expect(await tab.ended()).toBe(true);
  });

  it('leaves the sessions alone when the role stays', async () => {
    const student = await t.student();
    const tab = await session(student);
    expect(
      await saveUserDetails(t.app.deps, { id: student.id, role_id: 2 }, details(student, 2)),
    ).toBe(false);
    expect(await tab.goesOn()).toBe(true);
  });
});

describe('removeCorrection', () => {
  it('deletes the correction and removes its stored files', async () => {
    const student = await t.student();
    const { id, keys } = await correctionFor(student);
    expect(await removeCorrection(t.app.deps, id)).toEqual({ studentId: student.id });
    expect(await stored(keys)).toEqual([false]);
    expect(await removeCorrection(t.app.deps, id)).toBeNull();
  });
});
