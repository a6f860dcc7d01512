import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

/**
 * Issue 49, point 1: a teacher's teaching day carries their sessions of the six days after
 * today (coming_sessions), which their phone keeps so the app opened offline on one of those
 * days lists its classes and takes their rolls. Only a teacher's, and only their classes'.
 */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  // Wednesday 2026-11-25, noon UTC.
  t = await createTestApp({ startAt: Date.UTC(2026, 10, 25, 12, 0, 0) });
  admin = await t.admin({ name: 'Coming Admin' });
});
afterAll(() => t.close());

describe("a teacher's week ahead", () => {
  it('lists the next six days of their classes, not today, not later, not for others', async () => {
    const ida = await t.student({ name: 'Coming Ida' });
    const classId = (await t.call('createClass', admin.token, { name: 'Coming B1' })).json()
      .class_id;
    await t.call('addClassStudents', admin.token, { class_id: classId, user_ids: [ida.id] });
    // Wednesday 25 (today), Thursday 26, Monday 30, Wednesday 2 December (a week on: too far).
    const made = await t.call('saveClassSchedule', admin.token, {
      class_id: classId,
      weekdays: ['Monday', 'Wednesday', 'Thursday'],
      first_date: '2026-11-25',
      count: 4,
      time: '18:00',
    });
    expect(made.statusCode, made.body).toBe(200);
    const teacher = await t.teacher({ name: 'Coming Teacher', classIds: [classId] });
    const stranger = await t.teacher({ name: 'Coming Stranger' });

    const day = (await t.call('getTeachingDay', teacher.token, {})).json();
    expect(day.sessions.map((s) => s.session_date)).toEqual(['2026-11-25']);
    expect(day.coming_sessions?.map((s) => `${s.session_date} ${s.roll} ${s.students}`)).toEqual([
      '2026-11-26 not-yet 1',
      '2026-11-30 not-yet 1',
    ]);

    // Its roll can be read ahead (to be kept), with its students.
    const [thursday] = day.coming_sessions ?? [];
    if (!thursday) throw new Error('a coming session expected');
    const roll = await t.call('getRoll', teacher.token, { class_session_id: thursday.id });
    expect(roll.statusCode, roll.body).toBe(200);
    expect(roll.json().students.map((s) => s.name)).toEqual(['Coming Ida']);

    expect((await t.call('getTeachingDay', stranger.token, {})).json().coming_sessions).toEqual([]);
    // The dashboard is not kept: an administrator's day has no week ahead.
    expect((await t.call('getTeachingDay', admin.token, {})).json().coming_sessions).toBe(
      undefined,
    );
  });
});
