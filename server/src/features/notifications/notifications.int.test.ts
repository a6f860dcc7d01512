import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

const notify = (fields: Record<string, string>, token = admin.token) =>
  t.callUnchecked('addNotification', token, fields);
const own = (student: TestUser, query = '') =>
  t.inject({
    method: 'GET',
    url: `/api/get_notifications.php?user_id=${student.id}${query}`,
    headers: bearer(student.token),
  });
const markRead = (token: string, id: number) =>
  t.call('markNotificationRead', token, { notification_id: String(id) });
const markAll = (token: string) => t.call('markAllNotificationsRead', token, {});
const all = (query = '') =>
  t.inject({
    method: 'GET',
    url: `/api/get_allnotifications.php?user_id=0${query}`,
    headers: bearer(admin.token),
  });

describe('notifications', () => {
  it('sends one to a student, who reads it in their list with the spec fields and marks it read', async () => {
    const student = await t.student({ name: 'Nina' });
    const res = await notify({
      user_id: String(student.id),
      message: 'Class moved to Room 4 😀 https://example.com/rooms',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Notification sent successfully!' });

    const list = (await own(student)).json();
    expect(list).toEqual({
      success: true,
      notifications: [
        {
          id: expect.any(Number),
          message: 'Class moved to Room 4 😀 https://example.com/rooms',
          created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
          is_read: 0,
          // An administrator's own message is about nothing the app opens.
          topic: null,
          ref_id: null,
        },
      ],
    });
    const id = list.notifications[0].id;
    expect((await markRead(student.token, id)).json()).toEqual({ success: true });
    expect((await own(student, '&only_unread=1')).json().notifications).toEqual([]);
    expect((await own(student)).json().notifications[0].is_read).toBe(1);
  });

  it('sends one to every active student with All students', async () => {
    const a = await t.student();
    const b = await t.student();
    const res = await notify({ user_id: 'all', message: 'Holiday on Monday' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/^Notification sent to \d+ students\.$/);
    for (const s of [a, b]) {
      expect(
        (await own(s)).json().notifications.map((n: { message: string }) => n.message),
      ).toContain('Holiday on Monday');
    }
    expect(
      (await own(admin)).json().notifications.map((n: { message: string }) => n.message),
    ).not.toContain('Holiday on Monday');
  });

  it.each([
    ['no user', { message: 'Hi' }, 'Please select a user.'],
    ['a blank user', { user_id: '', message: 'Hi' }, 'Please select a user.'],
    ['a blank message', { user_id: 'STUDENT', message: '  ' }, 'Please enter a message.'],
    [
      'a message of 2001 characters',
      { user_id: 'STUDENT', message: 'x'.repeat(2001) },
      'The message must be at most 2000 characters.',
    ],
  ])('refuses %s', async (_label, fields, message) => {
    const student = await t.student();
    const withStudent = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, v === 'STUDENT' ? String(student.id) : v]),
    );
    const res = await notify(withStudent);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
  });

  it('keeps students to their own notifications', async () => {
    const sara = await t.student();
    const omid = await t.student();
    await notify({ user_id: String(sara.id), message: 'For Sara' });
    const saraNote = (await own(sara)).json().notifications[0];
    expect((await t.call('getNotifications', omid.token, { user_id: sara.id })).statusCode).toBe(
      403,
    );
    const foreign = await markRead(omid.token, saraNote.id);
    expect(foreign.statusCode).toBe(404);
    expect((await own(sara)).json().notifications[0].is_read).toBe(0);
    expect((await notify({ user_id: String(sara.id), message: 'x' }, omid.token)).statusCode).toBe(
      403,
    );
    expect((await t.call('getAllNotifications', sara.token, { user_id: '0' })).statusCode).toBe(
      403,
    );
    expect((await t.call('getAllNotifications', undefined, { user_id: '0' })).statusCode).toBe(401);
  });
});

describe('GET /api/get_allnotifications.php', () => {
  it('searches by user name in any case, filters by read state and pages', async () => {
    const zara = await t.student({ name: 'Zara Example' });
    const other = await t.student({ name: 'Someone Else' });
    for (let i = 0; i < 52; i++) await notify({ user_id: String(zara.id), message: `Zara ${i}` });
    await notify({ user_id: String(other.id), message: 'Other' });
    const first = (await all('&search=ZARA%20ex')).json();
    expect(first).toMatchObject({ success: true, page: 1, page_size: 50, has_more: true });
    expect(first.notifications).toHaveLength(50);
    expect(first.notifications[0]).toMatchObject({
      user_id: zara.id,
      user_name: 'Zara Example',
      message: 'Zara 51',
      is_read: 0,
    });
    const second = (await all('&search=zara&page=2')).json();
    expect(second.notifications).toHaveLength(2);
    expect(second.has_more).toBe(false);

    await markRead(zara.token, first.notifications[0].id);
    const read = (await all('&search=zara&status=read')).json();
    expect(read.notifications.map((n: { id: number }) => n.id)).toEqual([
      first.notifications[0].id,
    ]);
    const none = (await all('&search=nobody-by-this-name')).json();
    expect(none).toMatchObject({
      notifications: [],
      message: 'No notifications found.',
      has_more: false,
    });
    expect((await all('&status=maybe')).statusCode).toBe(400);
  });

  it('refuses an id beyond 32 bits as bad input, not a database error', async () => {
    for (const id of ['9999999999', '2147483648']) {
      const res = await t.call('getAllNotifications', admin.token, { user_id: id });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'user_id is not a valid id' });
    }
    const largest = await t.call('getAllNotifications', admin.token, { user_id: '2147483647' });
    expect(largest.statusCode).toBe(200);
    expect(largest.json().notifications).toEqual([]);
  });

  it('searches a name part that more users share than SQLite takes variables in a statement', async () => {
    const student = await t.student({ name: 'Crowd Member 0' });
    await notify({ user_id: String(student.id), message: 'To the crowd' });
    const { db } = t.database;
    const rows = Array.from({ length: 33_000 }, (_, i) => ({
      name: `Crowd Member ${i + 1}`,
      username: `crowd_${i + 1}`,
      email: `crowd_${i + 1}@example.com`,
      password_hash: 'not-a-hash',
      role_id: 2,
      gender: 'male' as const,
      last_seen_at: null,
      created_at: t.clock.now,
      updated_at: t.clock.now,
    }));
    for (let i = 0; i < rows.length; i += 2_000)
      await db
        .insertInto('users')
        .values(rows.slice(i, i + 2_000))
        .execute();
    const res = await all('&search=crowd%20member');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().notifications.map((n: { message: string }) => n.message)).toEqual([
      'To the crowd',
    ]);
  });
});

describe('GET /api/online_users.php', () => {
  it('lists users seen in the last five minutes, most recent first', async () => {
    const fresh = await createTestApp();
    try {
      const a = await fresh.admin({ name: 'Admin One' });
      const early = await fresh.student({ name: 'Early' });
      const late = await fresh.student({ name: 'Late' });
      const ping = (u: TestUser) => fresh.call('updateActivity', u.token, {});
      await ping(early);
      fresh.clock.now += 60_000;
      await ping(late);
      const list = (await fresh.call('onlineUsers', a.token, {})).json();
      expect(list.map((u: { name: string }) => u.name)).toEqual(['Late', 'Early']);
      expect(list[0]).toEqual({
        id: late.id,
        name: 'Late',
        last_seen: expect.stringMatching(/^\d{4}-\d{2}-\d{2} /),
      });
      fresh.clock.now += 4 * 60_000 + 1;
      const later = (await fresh.call('onlineUsers', a.token, {})).json();
      expect(later.map((u: { name: string }) => u.name)).toEqual(['Late']);
      expect((await fresh.call('onlineUsers', late.token, {})).statusCode).toBe(403);
    } finally {
      await fresh.close();
    }
  });
});

describe('the home popup poll', () => {
  const poll = (student: TestUser, etag?: string) =>
    t.inject({
      method: 'GET',
      url: `/api/get_notifications.php?user_id=${student.id}&only_unread=1`,
      headers: { ...bearer(student.token), ...(etag ? { 'if-none-match': etag } : {}) },
    });

  it('answers 304 while the unread set is unchanged, and the full list once it changes', async () => {
    const student = await t.student();
    await notify({ user_id: String(student.id), message: 'First' });
    const first = await poll(student);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toContain('Authorization');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);

    const same = await poll(student, etag);
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');

    // A new notification changes the answer.
    await notify({ user_id: String(student.id), message: 'Second' });
    const grown = await poll(student, etag);
    expect(grown.statusCode).toBe(200);
    expect(grown.json().notifications.map((n: { message: string }) => n.message)).toEqual([
      'Second',
      'First',
    ]);
    const etag2 = String(grown.headers.etag);
    expect(etag2).not.toBe(etag);

    // So does reading one (the newest, then the oldest: count and newest id both move).
    const [second, firstOne] = grown.json().notifications;
    await markRead(student.token, second.id);
    const afterRead = await poll(student, etag2);
    expect(afterRead.statusCode).toBe(200);
    expect(afterRead.json().notifications).toHaveLength(1);
    const etag3 = String(afterRead.headers.etag);
    await markRead(student.token, firstOne.id);
    const empty = await poll(student, etag3);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().notifications).toEqual([]);
    // An old version never comes back as current.
    for (const old of [etag, etag2, etag3]) expect((await poll(student, old)).statusCode).toBe(200);
  });

  it('checks the token before any 304: another student and no token are refused', async () => {
    const student = await t.student();
    const other = await t.student();
    const etag = String((await poll(student)).headers.etag);
    const asOther = await t.inject({
      method: 'GET',
      url: `/api/get_notifications.php?user_id=${student.id}&only_unread=1`,
      headers: { ...bearer(other.token), 'if-none-match': etag },
    });
    expect(asOther.statusCode).toBe(403);
    const anonymous = await t.inject({
      method: 'GET',
      url: `/api/get_notifications.php?user_id=${student.id}&only_unread=1`,
      headers: { 'if-none-match': etag },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/mark_all_notifications_read.php', () => {
  it("marks all of the caller's unread notifications read, and nobody else's", async () => {
    const student = await t.student();
    const other = await t.student();
    for (const to of [student, student, student, other])
      await notify({ user_id: String(to.id), message: `For ${to.id}` });
    const first = (await own(student)).json().notifications.at(-1).id as number;
    await markRead(student.token, first);

    const res = await markAll(student.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      marked: 2,
      message: '2 notifications marked as read.',
    });
    expect((await own(student, '&only_unread=1')).json().notifications).toEqual([]);
    const theirs = (await own(other)).json().notifications;
    expect(theirs.map((n: { is_read: number }) => n.is_read)).toEqual([0]);
    // The admin's list shows them read, with a read time.
    const listed = (await all(`&search=${encodeURIComponent(student.name)}&status=unread`)).json();
    expect(listed.notifications).toEqual([]);

    // Again: nothing left to mark.
    expect((await markAll(student.token)).json()).toEqual({
      success: true,
      marked: 0,
      message: 'There were no unread notifications.',
    });
  });

  it('marks all read only for a signed-in caller, and ignores a user_id naming someone else', async () => {
    const student = await t.student();
    const other = await t.student();
    await notify({ user_id: String(other.id), message: 'Keep me unread' });
    expect((await markAll('')).statusCode).toBe(401);
    const naming = await t.callUnchecked('markAllNotificationsRead', student.token, {
      user_id: String(other.id),
    });
    expect([200, 400, 403]).toContain(naming.statusCode);
    expect((await own(other, '&only_unread=1')).json().notifications).toHaveLength(1);
  });
});
