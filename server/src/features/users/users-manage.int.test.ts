import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCases } from '../../security/cases.js';
import {
  type CallPayload,
  createTestApp,
  form,
  type TestApp,
  type TestUser,
} from '../../test-support/harness.js';
import { openStream } from '../../test-support/live-stream.js';
import { samples } from '../../test-support/samples.js';
import { buildWorld } from '../../test-support/world.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin({ name: 'Head Admin' });
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.inject({ method: 'POST', url: '/api/login.php', ...form({ username, password }) });
const userRow = (id: number) =>
  t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
/** Whether a user's token still opens a signed-in call (their own notifications). */
const stillSignedIn = async (user: { id: number; token: string }, app: TestApp = t) =>
  (await app.call('getNotifications', user.token, { user_id: user.id })).statusCode !== 401;

describe('POST /api/update_user.php', () => {
  const edit = (token: string, payload: CallPayload<'updateUser'>) =>
    t.call('updateUser', token, payload);

  it("saves a user's name, e-mail, gender and role, keeping the username", async () => {
    const student = await t.student({ name: 'Old Name' });
    const res = await edit(admin.token, {
      user_id: student.id,
      name: 'New Name',
      email: 'New.Name@Example.com',
      gender: 'female',
      role_id: '2',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'New Name was saved.' });
    const row = await userRow(student.id);
    expect(row).toMatchObject({
      name: 'New Name',
      // Kept in lower case (issue 49, point 8).
      email: 'new.name@example.com',
      gender: 'female',
      role_id: 2,
      username: student.username,
    });
    // No role change: the student's session goes on.
    expect(await stillSignedIn(student)).toBe(true);
  });

  it('refuses an e-mail another account has, in any case, with a 400 that says so', async () => {
    const owner = await t.student();
    const other = await t.student({ name: 'Other' });
    const res = await edit(admin.token, {
      user_id: other.id,
      name: 'Other',
      email: `${owner.username}@EXAMPLE.com`.toUpperCase(),
      gender: 'male',
      role_id: '2',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'This e-mail is already used by another account.',
    });
    expect((await userRow(other.id))?.email).toBe(`${other.username}@example.com`);
    // Their own e-mail in another case is theirs to keep.
    const own = await edit(admin.token, {
      user_id: other.id,
      name: 'Other',
      email: `${other.username}@EXAMPLE.COM`,
      gender: 'male',
      role_id: '2',
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('refuses an administrator taking away their own role, and says so', async () => {
    const me = await t.admin({ name: 'Self Admin' });
    const res = await edit(me.token, {
      user_id: me.id,
      name: 'Self Admin',
      email: `${me.username}@example.com`,
      gender: 'male',
      role_id: '2',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'You cannot remove your own administrator role. Another administrator can do it.',
    );
    expect((await userRow(me.id))?.role_id).toBe(1);
    // Their own name they may change, and stay signed in.
    const renamed = await edit(me.token, {
      user_id: me.id,
      name: 'Renamed Admin',
      email: `${me.username}@example.com`,
      gender: 'male',
      role_id: 1,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await stillSignedIn(me)).toBe(true);
  });

  it('ends the sessions of a user whose role changes, so the new role applies at once', async () => {
    const student = await t.student({ password: 'student-pass-1' });
    const tab = await openStream(t, student.token);
    try {
      // A student's token is refused at an admin call before the change.
      expect((await t.call('getUsers', student.token, {})).statusCode).toBe(403);
      const res = await edit(admin.token, {
        user_id: student.id,
        name: 'Promoted',
        email: `${student.username}@example.com`,
        gender: 'male',
        role_id: '1',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(
        'Promoted was saved. They are now an administrator and must log in again.',
      );
      await tab.next((e) => e.event === 'ended');
      expect(await stillSignedIn(student)).toBe(false);
      const again = await login(student.username, 'student-pass-1');
      expect(again.json().role).toBe('admin');
      const users = await t.call('getUsers', again.json().token, { page: 1 });
      expect(users.statusCode).toBe(200);
    } finally {
      tab.close();
    }
  });

  it('answers 404 for no such user and 400 naming a bad field', async () => {
    const missing = await edit(admin.token, {
      user_id: 2_000_000_000,
      name: 'X',
      email: 'x@example.com',
      gender: 'male',
      role_id: '2',
    });
    expect(missing.statusCode).toBe(404);
    const student = await t.student();
    const bad = await edit(admin.token, {
      user_id: student.id,
      name: 'X',
      email: 'not an e-mail',
      gender: 'male',
      role_id: '2',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/valid email/);
    // A role the schema does not have.
    const role = await t.callUnchecked('updateUser', admin.token, {
      user_id: student.id,
      name: 'X',
      email: 'x2@example.com',
      gender: 'male',
      role_id: '4',
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toMatch(/role_id/);
  });
});

describe('POST /api/delete_user.php', () => {
  it('removes the account with its work, files included, and ends its sessions', async () => {
    const own = await createTestApp();
    try {
      const w = await buildWorld(own);
      // A speaking answer too: a third kind of stored file.
      const spoken = accessCases.sendSpeakingAnswer;
      const answer = await own.callUnchecked('sendSpeakingAnswer', w.a, {
        ...spoken.payload(w),
        ...spoken.files?.(),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      // B's work must stay.
      const bWork = await own.call('uploadAssignment', w.b.token, {
        user_id: String(w.b.id),
        subject: 'B work',
        'files[]': [{ filename: 'b.pdf', content: samples.pdf }],
      });
      expect(bWork.statusCode, bWork.body).toBe(200);
      const db = own.database.db;
      const keysOf = async (userId: number) =>
        (
          await db
            .selectFrom('stored_files')
            .select('storage_key')
            .where((eb) =>
              eb.or([
                eb(
                  'id',
                  'in',
                  eb
                    .selectFrom('submission_files as f')
                    .innerJoin('submissions as s', 's.id', 'f.submission_id')
                    .select('f.file_id')
                    .where('s.user_id', '=', userId),
                ),
                eb(
                  'id',
                  'in',
                  eb
                    .selectFrom('correction_files as f')
                    .innerJoin('corrections as c', 'c.id', 'f.correction_id')
                    .select('f.file_id')
                    .where('c.user_id', '=', userId),
                ),
                eb(
                  'id',
                  'in',
                  eb.selectFrom('speaking_answers').select('file_id').where('user_id', '=', userId),
                ),
                eb(
                  'id',
                  'in',
                  eb
                    .selectFrom('speaking_answers')
                    .select('reply_file_id')
                    .where('user_id', '=', userId),
                ),
              ]),
            )
            .execute()
        ).map((r) => r.storage_key);
      const aKeys = await keysOf(w.a.id);
      const bKeys = await keysOf(w.b.id);
      // A submission, a correction, two spoken answers and the admin's recorded reply.
      expect(aKeys).toHaveLength(5);
      expect(bKeys).toHaveLength(1);
      for (const key of aKeys) expect(await own.app.deps.storage.exists(key)).toBe(true);

      const tab = await openStream(own, w.a.token);
      try {
        const res = await own.call('deleteUser', w.admin.token, { user_id: w.a.id });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({
          success: true,
          message: 'Student A was deleted, with their work and files.',
        });
        await tab.next((e) => e.event === 'ended');
      } finally {
        tab.close();
      }

      // The account, its work and the rows of its files are gone; so are the bytes.
      const left = async (
        table:
          | 'users'
          | 'submissions'
          | 'corrections'
          | 'flashcards'
          | 'notifications'
          | 'schedule_sessions'
          | 'assignments'
          | 'speaking_answers'
          | 'auth_tokens',
      ) =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where(table === 'users' ? 'id' : 'user_id', '=', w.a.id)
              .executeTakeFirstOrThrow()
          ).n,
        );
      for (const table of [
        'users',
        'submissions',
        'corrections',
        'flashcards',
        'notifications',
        'schedule_sessions',
        'assignments',
        'speaking_answers',
        'auth_tokens',
      ] as const)
        expect(await left(table), table).toBe(0);
      expect(
        await db
          .selectFrom('stored_files')
          .select('id')
          .where('storage_key', 'in', aKeys)
          .execute(),
      ).toEqual([]);
      for (const key of aKeys) expect(await own.app.deps.storage.exists(key), key).toBe(false);
      for (const key of bKeys) expect(await own.app.deps.storage.exists(key), key).toBe(true);
      expect(await keysOf(w.b.id)).toEqual(bKeys);
      // Their token no longer opens anything.
      expect(await stillSignedIn(w.a, own)).toBe(false);
      expect(await stillSignedIn(w.b, own)).toBe(true);
      // The audit log says who deleted whom.
      const entry = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'deleteUser')
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ actor_id: w.admin.id, target_user_id: w.a.id });
    } finally {
      await own.close();
    }
  });

  it('keeps what a deleted administrator sent to students, without its author', async () => {
    const other = await t.admin({ name: 'Leaving Admin' });
    const student = await t.student();
    const sent = await t.call('sendCorrection', other.token, {
      user_id: String(student.id),
      title: 'Kept result',
      file1: { filename: 'k.pdf', content: samples.pdf },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const res = await t.call('deleteUser', admin.token, { user_id: other.id });
    expect(res.statusCode, res.body).toBe(200);
    const kept = await t.database.db
      .selectFrom('corrections')
      .select(['title', 'created_by'])
      .where('user_id', '=', student.id)
      .execute();
    expect(kept).toEqual([{ title: 'Kept result', created_by: null }]);
  });

  it('refuses an administrator deleting themselves, and a user that does not exist', async () => {
    const me = await t.admin();
    const self = await t.call('deleteUser', me.token, { user_id: me.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(
      'You cannot delete your own account. Another administrator can do it.',
    );
    expect(await userRow(me.id)).toBeDefined();
    const none = await t.call('deleteUser', me.token, { user_id: 2_000_000_000 });
    expect(none.statusCode).toBe(404);
  });
});

describe('GET /api/export_users.php', () => {
  it('answers every user as CSV, with formula-like cells made harmless', async () => {
    const own = await createTestApp();
    try {
      const head = await own.admin({ name: 'Export Admin', username: 'exporter' });
      const risky = await own.student({
        name: '=HYPERLINK("http://evil.example","x")',
        username: '-minus',
      });
      await own.database.db
        .updateTable('users')
        .set({ is_active: 0 })
        .where('id', '=', risky.id)
        .execute();
      await own.student({ name: '+1 Plus', username: 'plus', gender: 'female' });
      await own.student({ name: '@at Sign', username: 'at' });
      // A spreadsheet splitting on ; would run the second part of an unquoted cell.
      await own.student({ name: 'Bob;=1+1', username: 'bob' });
      const res = await own.call('exportUsers', head.token, {});
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, count: 5, file_name: 'users-2026-11-22.csv' });
      expect(body.csv.split('\r\n')).toEqual([
        '\uFEFFname,username,email,gender,role,active,created',
        'Export Admin,exporter,exporter@example.com,male,Admin,yes,2026-11-22 12:00:00',
        `"'=HYPERLINK(""http://evil.example"",""x"")",'-minus,'-minus@example.com,male,User,no,2026-11-22 12:00:00`,
        "'+1 Plus,plus,plus@example.com,female,User,yes,2026-11-22 12:00:00",
        "'@at Sign,at,at@example.com,male,User,yes,2026-11-22 12:00:00",
        '"Bob;=1+1",bob,bob@example.com,male,User,yes,2026-11-22 12:00:00',
      ]);
      expect(res.body).not.toMatch(/argon2|password/i);
    } finally {
      await own.close();
    }
  });
});
