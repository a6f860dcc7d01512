import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

/**
 * Issue 49, point 4: this week's past sessions whose roll is not taken stay on the teacher's
 * home and the dashboard (getTeachingDay's untaken_rolls) until taken or cancelled.
 */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  // Wednesday 2026-11-25, noon UTC: the academy's week runs Saturday 21 to Friday 27.
  t = await createTestApp({ startAt: Date.UTC(2026, 10, 25, 12, 0, 0) });
  admin = await t.admin({ name: 'Untaken Admin' });
});
afterAll(() => t.close());

const untakenOf = async (user: TestUser, classId: number) =>
  (await t.call('getTeachingDay', user.token, {}))
    .json()
    .untaken_rolls?.filter((s) => s.class_id === classId)
    .map((s) => `${s.session_date} ${s.roll}`);

describe('rolls not taken this week', () => {
  it('stay listed after their day until the roll is taken or the session cancelled', async () => {
    const ida = await t.student({ name: 'Untaken Ida' });
    const classId = (await t.call('createClass', admin.token, { name: 'Untaken B2' })).json()
      .class_id;
    await t.call('addClassStudents', admin.token, { class_id: classId, user_ids: [ida.id] });
    // Friday 20 (last week), Monday 23, Tuesday 24, Friday 27 (to come).
    await t.call('saveClassSchedule', admin.token, {
      class_id: classId,
      weekdays: ['Monday', 'Tuesday', 'Friday'],
      first_date: '2026-11-20',
      count: 4,
      time: '18:00',
    });
    const teacher = await t.teacher({ name: 'Untaken Teacher', classIds: [classId] });
    const stranger = await t.teacher({ name: 'Untaken Stranger' });

    const day = (await t.call('getTeachingDay', teacher.token, {})).json();
    expect(day.today).toBe('2026-11-25');
    expect(day.sessions).toEqual([]);
    expect(await untakenOf(teacher, classId)).toEqual(['2026-11-23 due', '2026-11-24 due']);
    expect(await untakenOf(admin, classId)).toEqual(['2026-11-23 due', '2026-11-24 due']);
    expect((await t.call('getTeachingDay', stranger.token, {})).json().untaken_rolls).toEqual([]);

    const [monday, tuesday] =
      (await t.call('getTeachingDay', teacher.token, {})).json().untaken_rolls ?? [];
    if (!monday || !tuesday) throw new Error('two untaken rolls expected');
    expect(monday).toMatchObject({ class_name: 'Untaken B2', students: 1, cancelled: false });

    const saved = await t.call('saveRoll', teacher.token, {
      class_session_id: monday.id,
      marks: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await untakenOf(teacher, classId)).toEqual(['2026-11-24 due']);

    const cancelled = await t.call('updateClassSession', admin.token, {
      class_id: classId,
      class_session_id: tuesday.id,
      cancelled: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await untakenOf(teacher, classId)).toEqual([]);
    expect(await untakenOf(admin, classId)).toEqual([]);

    // A new week: Friday 27's roll, not taken, is last week's on Saturday.
    t.clock.now = Date.UTC(2026, 10, 28, 12, 0, 0);
    expect(await untakenOf(teacher, classId)).toEqual([]);
    t.clock.now = Date.UTC(2026, 10, 25, 12, 0, 0);
  });
});
