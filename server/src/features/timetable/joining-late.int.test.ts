import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

/**
 * Issue 49, point 5: joining late is not joining the past. A joiner gets only the class's
 * sessions that begin after the moment they joined, on the academy's clock, and a session's
 * roll never lists, nor a save of it marks, a student who joined after it began.
 */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  // The harness's clock: 2026-11-22 (a Sunday), 12:00 UTC, which is 15:30 in Tehran (UTC+3:30).
  t = await createTestApp({ env: { ACADEMY_TZ: 'Asia/Tehran' } });
  admin = await t.admin({ name: 'Late Admin' });
});
afterAll(() => t.close());

const ok = (res: { statusCode: number; body: string }) =>
  expect(res.statusCode, res.body).toBe(200);

async function newClass(name: string, students: TestUser[] = []): Promise<number> {
  const id = (await t.call('createClass', admin.token, { name })).json().class_id;
  if (students.length > 0) await join(id, students);
  return id;
}

/** Adds students to a class, a second after whatever came before (as in life). */
async function join(classId: number, students: TestUser[]) {
  t.clock.now += 1000;
  ok(
    await t.call('addClassStudents', admin.token, {
      class_id: classId,
      user_ids: students.map((s) => s.id),
    }),
  );
}

/** One session on each of `dates` (all Sundays or all Mondays) at `time`. */
const sessionsAt = async (classId: number, first: string, time: string, count = 1) =>
  ok(
    await t.call('saveClassSchedule', admin.token, {
      class_id: classId,
      weekdays: [first === '2026-11-22' || first === '2026-11-15' ? 'Sunday' : 'Monday'],
      first_date: first,
      count,
      time,
    }),
  );

const scheduleOf = async (student: TestUser) =>
  (await t.call('getSchedule', admin.token, { user_id: student.id }))
    .json()
    .schedule.map((s) => `${s.session_date} ${s.session_time}`);

async function sessionId(classId: number, date: string, time: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('class_sessions')
    .select('id')
    .where('class_id', '=', classId)
    .where('session_date', '=', date)
    .where('session_time', '=', time)
    .executeTakeFirstOrThrow();
  return row.id;
}

const rollNames = async (id: number) =>
  (await t.call('getRoll', admin.token, { class_session_id: id }))
    .json()
    .students.map((s) => `${s.name} ${s.mark}`);

const marksOf = async (id: number) =>
  (
    await t.database.db
      .selectFrom('roll_marks')
      .select(['user_id', 'mark'])
      .where('class_session_id', '=', id)
      .orderBy('user_id')
      .execute()
  ).map((m) => [m.user_id, m.mark]);

describe('joining a class late', () => {
  it('gives only the sessions that begin after the moment of joining, on the academy’s clock', async () => {
    const id = await newClass('Late Today');
    // Today (Tehran): one began at 15:00, one begins this very minute, one at 16:00; tomorrow 09:00.
    await sessionsAt(id, '2026-11-22', '15:00 - 16:00');
    await sessionsAt(id, '2026-11-22', '15:30');
    await sessionsAt(id, '2026-11-22', '16:00 - 17:00');
    await sessionsAt(id, '2026-11-23', '09:00 - 10:00');
    const late = await t.student({ name: 'Late Lia' });
    await join(id, [late]);
    expect(await scheduleOf(late)).toEqual([
      '2026-11-22 16:00 - 17:00',
      '2026-11-23 09:00 - 10:00',
    ]);
  });

  it('gives a student imported or moved in the same: a session of today that has begun is not theirs', async () => {
    // The rule is giveFutureSessions', which importing and moving call as adding does: one
    // check of adding at another hour of the day is enough here.
    const id = await newClass('Late Evening');
    await sessionsAt(id, '2026-11-22', '08:00 - 09:00');
    t.clock.now += 30 * 60_000; // 16:00 in Tehran.
    try {
      const late = await t.student({ name: 'Late Leo' });
      await join(id, [late]);
      expect(await scheduleOf(late)).toEqual([]);
    } finally {
      t.clock.now -= 30 * 60_000;
    }
  });
});

describe('the roll of a session held before a student joined', () => {
  it('does not list them, and a save naming them (an offline save) leaves them out without a word', async () => {
    const ana = await t.student({ name: 'Late Roll Ana' });
    const id = await newClass('Late Roll', [ana]);
    await sessionsAt(id, '2026-11-22', '14:00 - 15:00');
    const held = await sessionId(id, '2026-11-22', '14:00 - 15:00');
    ok(await t.call('saveRoll', admin.token, { class_session_id: held, marks: [] }));

    const bo = await t.student({ name: 'Late Roll Bo' });
    await join(id, [bo]);
    expect(await rollNames(held)).toEqual(['Late Roll Ana present']);

    // A phone that showed Bo (an older version listed joiners) saves the roll again offline.
    const again = await t.call('saveRoll', admin.token, {
      class_session_id: held,
      marks: [
        { user_id: ana.id, mark: 'late' },
        { user_id: bo.id, mark: 'absent' },
      ],
    });
    ok(again);
    expect(again.json().message).toBe('Roll saved: 1 late.');
    expect(await marksOf(held)).toEqual([[ana.id, 'late']]);
    expect(await scheduleOf(bo)).toEqual([]);
  });

  it('never marks someone an older version gave a session that had begun, however often it is saved', async () => {
    const cy = await t.student({ name: 'Late Old Cy' });
    const id = await newClass('Late Old', [cy]);
    await sessionsAt(id, '2026-11-22', '09:00 - 10:00');
    const held = await sessionId(id, '2026-11-22', '09:00 - 10:00');
    ok(await t.call('saveRoll', admin.token, { class_session_id: held, marks: [] }));

    // Dee joined at 15:30 and, as before this fix, was given the morning's session.
    const dee = await t.student({ name: 'Late Old Dee' });
    await join(id, [dee]);
    await t.database.db
      .insertInto('schedule_sessions')
      .values({
        user_id: dee.id,
        session_number: 1,
        session_day: 'Sunday',
        session_date: '2026-11-22',
        session_time: '09:00 - 10:00',
        status: 'Next Session',
        class_session_id: held,
        created_at: t.clock.now,
        updated_at: t.clock.now,
      })
      .execute();

    expect(await rollNames(held)).toEqual(['Late Old Cy present']);
    // Saved again as a whole, and again naming her: she is marked neither time.
    ok(await t.call('saveRoll', admin.token, { class_session_id: held, marks: [] }));
    ok(
      await t.call('saveRoll', admin.token, {
        class_session_id: held,
        marks: [{ user_id: dee.id, mark: 'present' }],
      }),
    );
    expect(await marksOf(held)).toEqual([[cy.id, 'present']]);
  });

  it('does not list a joiner on a session moved to before they joined; earlier members stay', async () => {
    const eve = await t.student({ name: 'Late Moved Eve' });
    const id = await newClass('Late Moved', [eve]);
    await sessionsAt(id, '2026-11-30', '18:00');
    const moved = await sessionId(id, '2026-11-30', '18:00');
    const fay = await t.student({ name: 'Late Moved Fay' });
    await join(id, [fay]);
    expect(await scheduleOf(fay)).toEqual(['2026-11-30 18:00']);

    ok(
      await t.call('updateClassSession', admin.token, {
        class_id: id,
        class_session_id: moved,
        session_date: '2026-11-21',
      }),
    );
    expect(await rollNames(moved)).toEqual(['Late Moved Eve present']);
    ok(
      await t.call('saveRoll', admin.token, {
        class_session_id: moved,
        marks: [{ user_id: fay.id, mark: 'absent' }],
      }),
    );
    expect(await marksOf(moved)).toEqual([[eve.id, 'present']]);
  });

  it('lists the members of a timetable made today for days already past (the term begun)', async () => {
    const gus = await t.student({ name: 'Late Backfill Gus' });
    const id = await newClass('Late Backfill', [gus]);
    await sessionsAt(id, '2026-11-15', '10:00', 2);
    const past = await sessionId(id, '2026-11-15', '10:00');
    expect(await rollNames(past)).toEqual(['Late Backfill Gus present']);
    ok(
      await t.call('saveRoll', admin.token, {
        class_session_id: past,
        marks: [{ user_id: gus.id, mark: 'absent' }],
      }),
    );
    expect(await marksOf(past)).toEqual([[gus.id, 'absent']]);
  });

  it('still refuses a student who is not in the class at all', async () => {
    const hal = await t.student({ name: 'Late Stranger Hal' });
    const ivy = await t.student({ name: 'Late Stranger Ivy' });
    const id = await newClass('Late Strangers', [hal]);
    await sessionsAt(id, '2026-11-15', '10:00');
    const past = await sessionId(id, '2026-11-15', '10:00');
    const res = await t.call('saveRoll', admin.token, {
      class_session_id: past,
      marks: [{ user_id: ivy.id, mark: 'absent' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Student ${ivy.id} is not in this session.`);
  });
});
