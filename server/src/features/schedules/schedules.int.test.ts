import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallPayload,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../../test-support/harness.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

type SessionInput = CallPayload<'saveSchedule'>['schedule'][number];

const session = (n: number, status: SessionInput['status'] = 'Next Session'): SessionInput => ({
  session_id: '',
  session_number: n,
  session_day: 'Monday',
  session_date: `2026-12-${String(n).padStart(2, '0')}`,
  session_time: '10:00 - 11:00',
  status,
});

describe('schedules', () => {
  it('saves by student name, reads back sorted with the spec fields, and the student reads their own', async () => {
    const student = await t.student({ name: 'Laleh Rahimi' });
    const save = await t.call('saveSchedule', admin.token, {
      student_name: 'Laleh Rahimi',
      schedule: [session(2), session(1, 'Held')],
    });
    expect(save.statusCode).toBe(200);
    expect(save.json()).toEqual({ status: 'success', message: 'Schedule saved successfully!' });

    const read = await t.call('getSchedule', student.token, {
      student_name: 'laleh rahimi',
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      status: 'success',
      student_id: student.id,
      student_name: 'Laleh Rahimi',
      schedule: [
        {
          session_id: expect.any(Number),
          session_number: 1,
          session_day: 'Monday',
          session_date: '2026-12-01',
          session_time: '10:00 - 11:00',
          status: 'Held',
        },
        {
          session_id: expect.any(Number),
          session_number: 2,
          session_day: 'Monday',
          session_date: '2026-12-02',
          session_time: '10:00 - 11:00',
          status: 'Next Session',
        },
      ],
    });
    const byId = await t.call('getSchedule', student.token, { user_id: student.id });
    expect(byId.json().schedule).toHaveLength(2);
  });

  it('saving again updates sessions by number and keeps the others', async () => {
    const student = await t.student();
    await t.call('saveSchedule', admin.token, {
      user_id: student.id,
      schedule: [session(1), session(2)],
    });
    await t.call('saveSchedule', admin.token, {
      user_id: student.id,
      schedule: [session(2, 'Missed'), session(3)],
    });
    const list = (await t.call('getSchedule', admin.token, { user_id: student.id })).json()
      .schedule;
    expect(
      list.map(
        (s: { session_number: number; status: string }) => `${s.session_number}:${s.status}`,
      ),
    ).toEqual(['1:Next Session', '2:Missed', '3:Next Session']);
  });

  it('updates one session, its number too, and refuses a number already used', async () => {
    const student = await t.student({ name: 'Edit Me' });
    await t.call('saveSchedule', admin.token, {
      user_id: student.id,
      schedule: [session(1), session(2)],
    });
    const update = await t.call('updateSchedule', admin.token, {
      student_name: 'Edit Me',
      session_number: 2,
      new_session_number: 5,
      session_day: 'Friday',
      session_date: 'December 5',
      session_time: '09:00 - 10:00',
      status: 'Missed',
    });
    expect(update.json()).toEqual({ status: 'success', message: 'Session updated successfully' });
    const list = (await t.call('getSchedule', admin.token, { user_id: student.id })).json()
      .schedule;
    expect(list[1]).toMatchObject({
      session_number: 5,
      session_day: 'Friday',
      session_date: 'December 5',
      status: 'Missed',
    });

    const clash = await t.call('updateSchedule', admin.token, {
      user_id: student.id,
      session_number: 5,
      new_session_number: 1,
      session_day: 'Friday',
      status: 'Held',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({
      status: 'error',
      success: false,
      message: 'Session 1 already exists.',
    });
    const missing = await t.call('updateSchedule', admin.token, {
      user_id: student.id,
      session_number: 99,
      session_day: 'Friday',
      status: 'Held',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('two admins moving different sessions to the same number at once: one wins, the other gets a 409', async () => {
    const student = await t.student();
    await t.call('saveSchedule', admin.token, {
      user_id: student.id,
      schedule: [session(1), session(2), session(3)],
    });
    const other = await t.admin();
    const move = (token: string, from: number) =>
      t.call('updateSchedule', token, {
        user_id: student.id,
        session_number: from,
        new_session_number: 7,
        session_day: 'Friday',
        status: 'Held',
      });
    const answers = await Promise.all([move(admin.token, 2), move(other.token, 3)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(
      'Session 7 already exists.',
    );
    const numbers = (await t.call('getSchedule', admin.token, { user_id: student.id }))
      .json()
      .schedule.map((s: { session_number: number }) => s.session_number);
    expect(numbers).toHaveLength(3);
    expect(numbers).toContain(7);
  });

  it('refuses an unknown or ambiguous name, and a bad list, with clear messages in the status shape', async () => {
    await t.student({ name: 'Same Name' });
    await t.student({ name: 'same name' });
    const ambiguous = await t.call('saveSchedule', admin.token, {
      student_name: 'Same Name',
      schedule: [session(1)],
    });
    expect(ambiguous.statusCode).toBe(409);
    expect(ambiguous.json().status).toBe('error');
    expect(ambiguous.json().message).toBe(
      'More than one student is named "Same Name". Choose the student from the list instead.',
    );
    const unknown = await t.call('saveSchedule', admin.token, {
      student_name: 'Nobody',
      schedule: [session(1)],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No student is named "Nobody".');
    const nobody = await t.call('saveSchedule', admin.token, { schedule: [session(1)] });
    expect(nobody.json().message).toBe('Please choose a student.');

    const student = await t.student();
    for (const [schedule, message] of [
      [[], 'Please add at least one session.'],
      [[session(1), session(1)], 'Each session number can appear only once.'],
      [
        [{ ...session(1), status: 'Cancelled' }],
        'schedule[0].status must be Held, Missed or Next Session',
      ],
      [
        [{ ...session(1), session_day: 'Funday' }],
        'schedule[0].session_day must be a day from Saturday to Friday',
      ],
      [[{ ...session(1), session_number: 0 }], 'schedule[0].session_number must be at least 1'],
      ['not a list', 'schedule must be a list of sessions'],
    ] as const) {
      const res = await t.callUnchecked('saveSchedule', admin.token, {
        user_id: student.id,
        schedule,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', success: false, message });
    }
    expect(
      (await t.call('getSchedule', admin.token, { user_id: student.id })).json().schedule,
    ).toEqual([]);
  });

  it('gives a student their own schedule by their name even when another student shares it', async () => {
    const mine = await t.student({ name: 'Shared Name' });
    const theirs = await t.student({ name: 'shared name' });
    await t.call('saveSchedule', admin.token, {
      user_id: mine.id,
      schedule: [session(1, 'Held')],
    });
    await t.call('saveSchedule', admin.token, {
      user_id: theirs.id,
      schedule: [session(1), session(2)],
    });
    const read = await t.call('getSchedule', mine.token, { student_name: 'Shared Name' });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ student_id: mine.id, student_name: 'Shared Name' });
    expect(read.json().schedule).toHaveLength(1);
    const other = await t.call('getSchedule', theirs.token, {
      student_name: ' SHARED NAME ',
    });
    expect(other.json()).toMatchObject({ student_id: theirs.id });
    expect(other.json().schedule).toHaveLength(2);
    // The admin still has to choose between them.
    expect(
      (await t.call('getSchedule', admin.token, { student_name: 'Shared Name' })).statusCode,
    ).toBe(409);
  });

  it('answers a student the same for any name not their own, whether it exists or not', async () => {
    await t.student({ name: 'Real Person' });
    await t.student({ name: 'Twin Name' });
    await t.student({ name: 'Twin Name' });
    const asker = await t.student({ name: 'Curious Student' });
    const answers = [];
    for (const name of ['Real Person', 'Twin Name', 'Nobody At All', 'real person ']) {
      const res = await t.call('getSchedule', asker.token, { student_name: name });
      answers.push({ status: res.statusCode, body: res.json() });
    }
    // Nothing tells which names belong to someone.
    expect(answers[0]).toEqual({
      status: 403,
      body: { status: 'error', success: false, message: 'You can only see your own schedule.' },
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('lets a student read only their own schedule and write none', async () => {
    const sara = await t.student({ name: 'Sara Own' });
    const omid = await t.student();
    expect((await t.call('getSchedule', omid.token, { student_name: 'Sara Own' })).statusCode).toBe(
      403,
    );
    expect((await t.call('getSchedule', omid.token, { user_id: sara.id })).statusCode).toBe(403);
    expect(
      (
        await t.call('saveSchedule', sara.token, {
          user_id: sara.id,
          schedule: [session(1)],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call('updateSchedule', sara.token, {
          user_id: sara.id,
          session_number: 1,
          session_day: 'Monday',
          status: 'Held',
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.call('getSchedule', undefined, { user_id: sara.id })).statusCode).toBe(401);
  });

  it('deletes one session by number, keeps the others, and says when the session is not there', async () => {
    const student = await t.student({ name: 'Sara Delkash' });
    const other = await t.student({ name: 'Sara Other' });
    for (const who of [student, other]) {
      const save = await t.call('saveSchedule', admin.token, {
        user_id: who.id,
        schedule: [session(1), session(2), session(3)],
      });
      expect(save.statusCode).toBe(200);
    }
    const del = await t.call('deleteSession', admin.token, {
      user_id: student.id,
      session_number: 2,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ status: 'success', message: 'Session deleted successfully' });

    const numbersOf = async (id: number) =>
      (
        (await t.call('getSchedule', admin.token, { user_id: id })).json() as {
          schedule: { session_number: number }[];
        }
      ).schedule.map((s) => s.session_number);
    expect(await numbersOf(student.id)).toEqual([1, 3]);
    // The same number of another student is theirs and stays.
    expect(await numbersOf(other.id)).toEqual([1, 2, 3]);

    // Again: it is gone, a 404 in the status shape; by name too.
    const again = await t.call('deleteSession', admin.token, {
      student_name: 'Sara Delkash',
      session_number: 2,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: 'Session 2 is not in this schedule.' });

    const bad = await t.call('deleteSession', admin.token, {
      user_id: student.id,
      session_number: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/session_number/);

    // A student cannot delete, not even from their own schedule.
    const own = await t.call('deleteSession', student.token, {
      user_id: student.id,
      session_number: 1,
    });
    expect(own.statusCode).toBe(403);
    expect(await numbersOf(student.id)).toEqual([1, 3]);

    // The freed number can be saved again.
    const resave = await t.call('saveSchedule', admin.token, {
      user_id: student.id,
      schedule: [session(2)],
    });
    expect(resave.statusCode).toBe(200);
    expect(await numbersOf(student.id)).toEqual([1, 2, 3]);
  });
});

describe("a teacher's students' schedules (issue 29)", () => {
  const OUTSIDE = {
    status: 'error',
    success: false,
    message: 'You can only do this for the students of your classes.',
  };

  it('saves, updates and deletes sessions of their students, and refuses anyone else', async () => {
    const mine = await t.student({ name: 'Taught Tina' });
    const theirs = await t.student({ name: 'Other Olga' });
    const classId = (await t.call('createClass', admin.token, { name: 'Tina Class' })).json()
      .class_id;
    await t.call('addClassStudents', admin.token, { class_id: classId, user_ids: [mine.id] });
    const teacher = await t.teacher({ name: 'Schedule Teacher', classIds: [classId] });
    const numbersOf = async (id: number) =>
      (await t.call('getSchedule', admin.token, { user_id: id }))
        .json()
        .schedule.map((s) => `${s.session_number} ${s.status}`);

    const saved = await t.call('saveSchedule', teacher.token, {
      user_id: mine.id,
      schedule: [session(1), session(2)],
    });
    expect(saved.json()).toEqual({ status: 'success', message: 'Schedule saved successfully!' });
    const updated = await t.call('updateSchedule', teacher.token, {
      user_id: mine.id,
      session_number: 1,
      session_day: 'Monday',
      status: 'Held',
    });
    expect(updated.json()).toEqual({ status: 'success', message: 'Session updated successfully' });
    const deleted = await t.call('deleteSession', teacher.token, {
      user_id: mine.id,
      session_number: 2,
    });
    expect(deleted.json()).toEqual({ status: 'success', message: 'Session deleted successfully' });
    expect(await numbersOf(mine.id)).toEqual(['1 Held']);

    // A student outside their classes: refused before anything is looked up, like one who
    // does not exist; and so is a name, even their own student's (a teacher names by id).
    await t.call('saveSchedule', admin.token, {
      user_id: theirs.id,
      schedule: [session(1)],
    });
    const attempts = [
      t.call('saveSchedule', teacher.token, {
        user_id: theirs.id,
        schedule: [session(5)],
      }),
      t.call('updateSchedule', teacher.token, {
        user_id: theirs.id,
        session_number: 1,
        session_day: 'Friday',
        status: 'Missed',
      }),
      t.call('deleteSession', teacher.token, { user_id: theirs.id, session_number: 1 }),
      t.call('deleteSession', teacher.token, { user_id: 2_000_000_000, session_number: 1 }),
      t.call('deleteSession', teacher.token, { student_name: 'Other Olga', session_number: 1 }),
      t.call('deleteSession', teacher.token, { student_name: 'Taught Tina', session_number: 1 }),
      // The student's id as a name is not looked up as a name.
      t.call('deleteSession', teacher.token, { student_name: String(mine.id), session_number: 1 }),
    ];
    const answers = [];
    for (const attempt of attempts) {
      const res = await attempt;
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers.slice(0, 6)).toEqual(Array(6).fill({ status: 403, body: OUTSIDE }));
    expect(answers[6]).toMatchObject({
      status: 400,
      body: { status: 'error', message: 'Please choose a student.' },
    });
    expect(await numbersOf(theirs.id)).toEqual(['1 Next Session']);
    expect(await numbersOf(mine.id)).toEqual(['1 Held']);
  });
});
