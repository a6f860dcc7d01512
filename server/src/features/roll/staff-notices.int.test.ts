import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

/** Issue 49, point 3: a student reaching the warning or the limit tells their teachers and the administrators. */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  // The harness's clock: 2026-11-22 (a Sunday), noon UTC.
  t = await createTestApp();
  admin = await t.admin({ name: 'Notice Admin' });
});
afterAll(() => t.close());

const withPush = (user: TestUser) =>
  t.database.db
    .insertInto('push_subscriptions')
    .values({
      user_id: user.id,
      endpoint: `https://push.example/${user.id}`,
      p256dh: 'key',
      auth: 'auth',
      device: 'Chrome on Android',
      created_at: t.clock.now,
    })
    .execute();

const noticesOf = async (user: TestUser) =>
  (await t.call('getNotifications', user.token, { user_id: user.id }))
    .json()
    .notifications.filter((n) => n.topic === 'attendance')
    .map((n) => n.message);

const outboxOf = (user: TestUser) =>
  t.database.db
    .selectFrom('outbox')
    .select(['channel', 'kind', 'text', 'path'])
    .where('user_id', '=', user.id)
    .orderBy('id')
    .execute();

describe('staff hear of absence warnings', () => {
  it('tells the class’s teachers and every administrator once per crossing, in the app and through the outbox', async () => {
    const gil = await t.student({ name: 'Notice Gil' });
    const classId = (await t.call('createClass', admin.token, { name: 'Notice B1' })).json()
      .class_id;
    await t.call('addClassStudents', admin.token, { class_id: classId, user_ids: [gil.id] });
    await t.call('saveClassSchedule', admin.token, {
      class_id: classId,
      weekdays: ['Monday'],
      first_date: '2026-10-05',
      count: 6,
      time: '18:00',
    });
    const sessions = (
      await t.call('getClassSessions', admin.token, { class_id: classId, when: 'past' })
    )
      .json()
      .sessions.map((s) => s.id)
      .reverse();
    const teacher = await t.teacher({ name: 'Notice Teacher', classIds: [classId] });
    const otherTeacher = await t.teacher({ name: 'Other Teacher' });
    const secondAdmin = await t.admin({ name: 'Notice Admin Two' });
    for (const user of [admin, secondAdmin, teacher, otherTeacher, gil]) await withPush(user);

    const mark = async (i: number, m: 'absent' | 'present') => {
      const res = await t.call('saveRoll', teacher.token, {
        class_session_id: sessions[i] as number,
        marks: [{ user_id: gil.id, mark: m }],
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Defaults: warning at 3 absences, limit 4.
    await mark(0, 'absent');
    await mark(1, 'absent');
    for (const staff of [admin, secondAdmin, teacher]) expect(await noticesOf(staff)).toEqual([]);
    await mark(2, 'absent');
    const warning =
      "Notice Gil (Notice B1) has 3 absences this term: the academy's absence warning.";
    for (const staff of [admin, secondAdmin, teacher]) {
      expect(await noticesOf(staff)).toEqual([warning]);
      expect(await outboxOf(staff)).toEqual([
        { channel: 'push', kind: 'attendance', text: warning, path: '/attendance-warnings' },
      ]);
    }
    // The student's own message is as it was.
    expect(await noticesOf(gil)).toEqual([
      "You have 3 absences this term. The academy's limit is 4.",
    ]);
    // A teacher of another class hears nothing.
    expect(await noticesOf(otherTeacher)).toEqual([]);
    expect(await outboxOf(otherTeacher)).toEqual([]);

    // Saving the same roll again, or a present, is no new crossing.
    await mark(2, 'absent');
    await mark(3, 'present');
    for (const staff of [admin, secondAdmin, teacher]) {
      expect(await noticesOf(staff)).toHaveLength(1);
      expect(await outboxOf(staff)).toHaveLength(1);
    }

    await mark(4, 'absent');
    const limit = "Notice Gil (Notice B1) has 4 absences this term: the academy's limit.";
    for (const staff of [admin, secondAdmin, teacher]) {
      expect(await noticesOf(staff)).toEqual([limit, warning]);
      expect((await outboxOf(staff)).map((row) => row.text)).toEqual([warning, limit]);
    }
    expect(await noticesOf(otherTeacher)).toEqual([]);
  });
});
