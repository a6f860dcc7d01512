import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { finishedOrBlockedBy, pausedAfterRead } from '../../test-support/interleave.js';
import { openStream } from '../../test-support/live-stream.js';
import { addToTimetable } from './timetable-data.js';

/** Issue 29, point 4: a class's timetable, made once, shared by every member's schedule. */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  // The harness's clock: 2026-11-22 (a Sunday), noon UTC.
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

async function newClass(name: string, students: TestUser[] = []): Promise<number> {
  const id = (await t.call('createClass', admin.token, { name })).json().class_id;
  if (students.length > 0)
    expect(
      (
        await t.call('addClassStudents', admin.token, {
          class_id: id,
          user_ids: students.map((s) => s.id),
        })
      ).statusCode,
    ).toBe(200);
  return id;
}

/** Mondays and Wednesdays at 18:00 from 2026-11-30: 11-30, 12-02, 12-07, 12-09. */
const pattern = (classId: number, change: Record<string, unknown> = {}) =>
  t.call('saveClassSchedule', admin.token, {
    class_id: classId,
    weekdays: ['Monday', 'Wednesday'],
    first_date: '2026-11-30',
    count: 4,
    time: '18:00',
    ...change,
  });

const scheduleOf = async (student: TestUser) =>
  (await t.call('getSchedule', admin.token, { user_id: student.id }))
    .json()
    .schedule.map(
      (s: { session_number: number; session_date: string; session_time: string; status: string }) =>
        `${s.session_number} ${s.session_date} ${s.session_time} ${s.status}`,
    );

const timetableOf = async (classId: number, when: 'upcoming' | 'past' = 'upcoming') =>
  (await t.call('getClassSessions', admin.token, { class_id: classId, when })).json().sessions;

/** The first two sessions to come of a class that has at least two. */
async function firstTwo(classId: number) {
  const [first, second] = await timetableOf(classId);
  if (!first || !second) throw new Error('the class has fewer than two sessions to come');
  return [first, second] as const;
}

describe('a class timetable', () => {
  it('is made once from a pattern, and a second run merges instead of doubling', async () => {
    const ana = await t.student({ name: 'Tt Ana' });
    const id = await newClass('Tt Merge', [ana]);
    expect((await pattern(id)).json().message).toBe(
      'Added 4 sessions to the 1 student of Tt Merge.',
    );

    const again = await pattern(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('All 4 sessions are already in the timetable of Tt Merge.');

    // Overlapping: two new sessions after the four it has.
    const more = await pattern(id, { count: 6 });
    expect(more.json().message).toBe(
      'Added 2 sessions to the 1 student of Tt Merge. 4 sessions were already in its timetable.',
    );
    expect((await timetableOf(id)).map((s: { session_date: string }) => s.session_date)).toEqual([
      '2026-11-30',
      '2026-12-02',
      '2026-12-07',
      '2026-12-09',
      '2026-12-14',
      '2026-12-16',
    ]);
    expect(await scheduleOf(ana)).toHaveLength(6);
  });

  it('can be made before the class has students, and a student added later gets what is to come', async () => {
    const id = await newClass('Tt Early');
    expect((await pattern(id)).json().message).toBe(
      'Added 4 sessions to the timetable of Tt Early. It has no students yet: students added to it get them.',
    );
    // A session already past when the student joins is not given to them.
    await pattern(id, { weekdays: ['Friday'], first_date: '2026-11-20', count: 1 });
    const late = await t.student({ name: 'Tt Late' });
    await t.call('saveSchedule', admin.token, {
      user_id: late.id,
      schedule: [{ session_number: 1, session_day: 'Saturday', status: 'Held' }],
    });
    await t.call('addClassStudents', admin.token, { class_id: id, user_ids: [late.id] });
    expect(await scheduleOf(late)).toEqual([
      '1   Held',
      '2 2026-11-30 18:00 Next Session',
      '3 2026-12-02 18:00 Next Session',
      '4 2026-12-07 18:00 Next Session',
      '5 2026-12-09 18:00 Next Session',
    ]);
  });

  it('gives a student imported into the class what is to come, as joining it does', async () => {
    const id = await newClass('Tt Imported');
    await pattern(id);
    const started = await t.call('importUsers', admin.token, {
      csv: 'name,email,gender,class\nTt Newcomer,tt.newcomer@school.example,female,Tt Imported',
    });
    expect(started.statusCode, started.body).toBe(200);
    // The import runs in the background; the screen asks until it has ended.
    await vi.waitFor(
      async () => {
        const jobs = (await t.call('getImportJobs', admin.token, {})).json().jobs;
        const job = jobs.find((j: { id: number }) => j.id === started.json().job_id);
        expect(job?.status).toBe('done');
      },
      { timeout: 60_000, interval: 100 },
    );
    const newcomer = await t.database.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('username', '=', 'tt.newcomer')
      .executeTakeFirstOrThrow();
    expect(await scheduleOf({ ...admin, ...newcomer })).toEqual([
      '1 2026-11-30 18:00 Next Session',
      '2 2026-12-02 18:00 Next Session',
      '3 2026-12-07 18:00 Next Session',
      '4 2026-12-09 18:00 Next Session',
    ]);
  });

  it('refuses, naming the student, sessions that would be numbered past 9999, and changes nothing', async () => {
    const full = await t.student({ name: 'Tt Full' });
    await t.call('saveSchedule', admin.token, {
      user_id: full.id,
      schedule: [{ session_number: 9997, session_day: 'Saturday', status: 'Held' }],
    });
    const id = await newClass('Tt Roomless');
    await pattern(id);
    const joining = await t.call('addClassStudents', admin.token, {
      class_id: id,
      user_ids: [full.id],
    });
    expect(joining.statusCode).toBe(400);
    expect(joining.json().message).toBe(
      'Session numbers go up to 9999, and the schedule of Tt Full has no room for 4 more sessions. Nothing was changed.',
    );
    expect(await scheduleOf(full)).toEqual(['9997   Held']);
    const members = await t.call('getClassStudents', admin.token, { class_id: id });
    expect(members.json().students).toEqual([]);

    // A member already in the class: the pattern refuses, and the timetable stays as it was.
    const other = await newClass('Tt Roomless Too', [full]);
    const refused = await pattern(other, { count: 3 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Session numbers go up to 9999, and the schedule of Tt Full has no room for 3 more sessions. Nothing was changed.',
    );
    expect(await timetableOf(other)).toEqual([]);
    expect((await pattern(other, { count: 2 })).statusCode).toBe(200);
    expect(await scheduleOf(full)).toEqual([
      '9997   Held',
      '9998 2026-11-30 18:00 Next Session',
      '9999 2026-12-02 18:00 Next Session',
    ]);
  });

  it('refuses in words a pattern that would go past the year 9999, and writes nothing (issue 48)', async () => {
    const pupil = await t.student({ name: 'Tt Far Future' });
    const id = await newClass('Tt Far Future Class', [pupil]);
    const refused = await pattern(id, { first_date: '9999-12-31', count: 5 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      success: false,
      message:
        'The sessions would go past the year 9999. Choose an earlier first date or fewer sessions.',
    });
    expect(await timetableOf(id)).toEqual([]);
    expect(await scheduleOf(pupil)).toEqual([]);
  });

  it('takes the sessions to come from a student who leaves, and keeps their past ones', async () => {
    const bo = await t.student({ name: 'Tt Bo' });
    const id = await newClass('Tt Leave', [bo]);
    await pattern(id, { weekdays: ['Friday'], first_date: '2026-11-20', count: 3 });
    expect(await scheduleOf(bo)).toHaveLength(3);
    await t.call('removeClassStudents', admin.token, { class_id: id, user_ids: [bo.id] });
    // 2026-11-20 was before today (2026-11-22); 11-27 and 12-04 were to come.
    expect(await scheduleOf(bo)).toEqual(['1 2026-11-20 18:00 Next Session']);
  });

  it('keeps today’s session in the schedule of a student who leaves once its roll is taken', async () => {
    const cal = await t.student({ name: 'Tt Cal' });
    const id = await newClass('Tt Today', [cal]);
    // Today, 2026-11-22, is a Sunday.
    await pattern(id, { weekdays: ['Sunday'], first_date: '2026-11-22', count: 2 });
    const [today] = await timetableOf(id);
    if (!today) throw new Error('no session today');
    await t.call('saveRoll', admin.token, {
      class_session_id: today.id,
      marks: [{ user_id: cal.id, mark: 'late' }],
    });
    await t.call('removeClassStudents', admin.token, { class_id: id, user_ids: [cal.id] });
    expect(await scheduleOf(cal)).toEqual(['1 2026-11-22 18:00 Held']);
    const roll = (await t.call('getRoll', admin.token, { class_session_id: today.id })).json();
    expect(roll.students.map((s) => [s.name, s.mark])).toEqual([['Tt Cal', 'late']]);
  });

  it("moves and cancels a session for every member, and each member's stream hears it", async () => {
    const [cy, di] = [await t.student({ name: 'Tt Cy' }), await t.student({ name: 'Tt Di' })];
    const outsider = await t.student({ name: 'Tt Out' });
    const id = await newClass('Tt Move', [cy, di]);
    await pattern(id, { count: 2 });
    const [first, second] = await firstTwo(id);

    const tab = await openStream(t, cy.token);
    const other = await openStream(t, outsider.token);
    try {
      const moved = await t.call('updateClassSession', admin.token, {
        class_id: id,
        class_session_id: first.id,
        session_date: '2026-12-01',
        session_time: '19:00',
      });
      expect(moved.json()).toEqual({
        success: true,
        message: 'Session moved for every student of the class.',
      });
      await tab.change('schedule');
      for (const student of [cy, di])
        expect((await scheduleOf(student))[0]).toBe('1 2026-12-01 19:00 Next Session');
      expect((await timetableOf(id))[0]).toMatchObject({
        session_date: '2026-12-01',
        session_day: 'Tuesday',
        session_time: '19:00',
      });

      const cancelled = await t.call('updateClassSession', admin.token, {
        class_id: id,
        class_session_id: second.id,
        cancelled: true,
      });
      expect(cancelled.json().message).toBe('Session cancelled for every student of the class.');
      expect((await scheduleOf(di))[1]).toBe('2 2026-12-02 18:00 Cancelled');
      expect((await timetableOf(id))[1]).toMatchObject({ id: second.id, cancelled: true });
      await t.call('updateClassSession', admin.token, {
        class_id: id,
        class_session_id: second.id,
        cancelled: false,
      });
      expect((await scheduleOf(di))[1]).toBe('2 2026-12-02 18:00 Next Session');
      expect(other.topics()).not.toContain('schedule');
    } finally {
      tab.close();
      other.close();
    }
  });

  it('refuses a move onto a time the class already has, a date that is not one, and another class’s session', async () => {
    const id = await newClass('Tt Refuse');
    const otherClass = await newClass('Tt Other');
    await pattern(id, { count: 2 });
    const [first, second] = await firstTwo(id);

    const clash = await t.call('updateClassSession', admin.token, {
      class_id: id,
      class_session_id: second.id,
      session_date: first.session_date,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('Tt Refuse already has a session at that date and time.');

    const notADate = await t.call('updateClassSession', admin.token, {
      class_id: id,
      class_session_id: first.id,
      session_date: '2026-02-31',
    });
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().message).toBe('The date must be a date, such as 2026-12-07.');

    const elsewhere = await t.call('updateClassSession', admin.token, {
      class_id: otherClass,
      class_session_id: first.id,
      cancelled: true,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await timetableOf(id)).map((s: { cancelled: boolean }) => s.cancelled)).toEqual([
      false,
      false,
    ]);
  });

  it('keeps a student’s own private sessions apart from the class’s', async () => {
    const eve = await t.student({ name: 'Tt Eve' });
    await t.call('saveSchedule', admin.token, {
      user_id: eve.id,
      schedule: [
        {
          session_number: 1,
          session_day: 'Thursday',
          session_date: '2026-12-03',
          session_time: '10:00',
          status: 'Next Session',
        },
      ],
    });
    const id = await newClass('Tt Private', [eve]);
    await pattern(id, { count: 1 });
    await t.call('removeClassStudents', admin.token, { class_id: id, user_ids: [eve.id] });
    expect(await scheduleOf(eve)).toEqual(['1 2026-12-03 10:00 Next Session']);
  });

  it('pages the past latest first', async () => {
    const id = await newClass('Tt Past');
    await pattern(id, { weekdays: ['Monday'], first_date: '2026-11-02', count: 3 });
    expect(
      (await timetableOf(id, 'past')).map((s: { session_date: string }) => s.session_date),
    ).toEqual(['2026-11-16', '2026-11-09', '2026-11-02']);
    expect(await timetableOf(id)).toEqual([]);
  });
});

describe('two changes at once (PostgreSQL)', () => {
  const onPostgres = process.env.TEST_DB === 'postgres';
  const mondays = ['2026-11-30', '2026-12-07'].map((session_date) => ({
    session_date,
    session_time: '18:00',
  }));

  it.skipIf(!onPostgres)(
    'adds the sessions once for two saves of the timetable at once, the second told they are there',
    async () => {
      const db = t.database.db;
      const cy = await t.student({ name: 'Tt Cy' });
      const id = await newClass('Tt Double Tap', [cy]);
      let second: ReturnType<typeof addToTimetable> = Promise.resolve({
        added: 0,
        already: 0,
        userIds: [],
      });
      const paused = pausedAfterRead(db, { from: 'class_sessions' }, async (trx) => {
        second = addToTimetable(db, id, mondays, t.clock.now);
        await finishedOrBlockedBy(db, second, trx);
      });
      expect(await addToTimetable(paused, id, mondays, t.clock.now)).toMatchObject({ added: 2 });
      expect(await second).toMatchObject({ added: 0, already: 2 });
      expect(await scheduleOf(cy)).toHaveLength(2);
    },
  );

  it.skipIf(!onPostgres)(
    'gives the new sessions to a student who joins while the timetable is saved',
    async () => {
      const db = t.database.db;
      const di = await t.student({ name: 'Tt Di' });
      const ed = await t.student({ name: 'Tt Ed' });
      const id = await newClass('Tt Join Meanwhile', [di]);
      // Ed joins just after the save has read who is in the class.
      let joined: Promise<unknown> = Promise.resolve();
      const paused = pausedAfterRead(db, { from: 'class_students as cs' }, async (trx) => {
        joined = t.call('addClassStudents', admin.token, { class_id: id, user_ids: [ed.id] });
        await finishedOrBlockedBy(db, joined, trx);
      });
      await addToTimetable(paused, id, mondays, t.clock.now);
      await joined;
      expect(await scheduleOf(di)).toHaveLength(2);
      expect(await scheduleOf(ed)).toHaveLength(2);
    },
  );

  it.skipIf(!onPostgres)(
    "numbers one student's sessions of two classes saved at once one after the other",
    async () => {
      const db = t.database.db;
      const fe = await t.student({ name: 'Tt Fe' });
      const morning = await newClass('Tt Morning', [fe]);
      const evening = await newClass('Tt Evening', [fe]);
      const evenings = mondays.map((s) => ({ ...s, session_time: '19:00' }));
      // The evening class's save lands just after the morning's has read Fe's last number.
      let other: Promise<unknown> = Promise.resolve();
      const paused = pausedAfterRead(db, { from: 'schedule_sessions', nth: 2 }, async (trx) => {
        other = addToTimetable(db, evening, evenings, t.clock.now);
        await finishedOrBlockedBy(db, other, trx);
      });
      await addToTimetable(paused, morning, mondays, t.clock.now);
      await other;
      expect((await scheduleOf(fe)).map((s: string) => s.split(' ')[0]).sort()).toEqual([
        '1',
        '2',
        '3',
        '4',
      ]);
    },
  );
});
