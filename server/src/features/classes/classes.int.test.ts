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

async function newClass(name: string, students: TestUser[] = []): Promise<number> {
  const made = await t.call('createClass', admin, { name });
  expect(made.statusCode).toBe(200);
  const id = made.json().class_id as number;
  if (students.length > 0) {
    const added = await t.call('addClassStudents', admin, {
      class_id: id,
      user_ids: students.map((s) => s.id),
    });
    expect(added.statusCode).toBe(200);
  }
  return id;
}

const sendAssignment = (fields: Partial<CallPayload<'sendAssignment'>>) =>
  t.call('sendAssignment', admin.token, {
    title: 'Essay',
    description: 'Friday 5 pm',
    ...fields,
  });

describe('classes', () => {
  it('are made, listed by name with their student counts, renamed, archived and brought back', async () => {
    const ana = await t.student({ name: 'Ana' });
    const ben = await t.student({ name: 'Ben' });
    const b1 = await newClass('B1 Mornings', [ana, ben]);
    await newClass('A2 Evenings', [ana]);

    const list = (await t.call('getClasses', admin.token, { q: 'ning' })).json();
    expect(list.classes.map((c: { name: string }) => c.name)).toEqual([
      'A2 Evenings',
      'B1 Mornings',
    ]);
    expect(list.classes[1]).toMatchObject({ id: b1, student_count: 2, is_archived: false });

    expect((await t.call('updateClass', admin, { class_id: b1, name: 'B1 Days' })).json()).toEqual({
      success: true,
      message: 'Class renamed.',
    });
    expect((await t.call('updateClass', admin, { class_id: b1, archived: true })).json()).toEqual({
      success: true,
      message: 'Class archived.',
    });
    const inUse = (await t.call('getClasses', admin.token, { q: 'B1' })).json();
    expect(inUse.classes).toEqual([]);
    const archived = (await t.call('getClasses', admin.token, { archived: 'yes', q: 'B1' })).json();
    expect(archived.classes).toEqual([
      expect.objectContaining({ id: b1, name: 'B1 Days', is_archived: true, student_count: 2 }),
    ]);
    // Archiving keeps the students.
    const students = (await t.call('getClassStudents', admin.token, { class_id: b1 })).json();
    expect(students.students.map((s: { name: string }) => s.name)).toEqual(['Ana', 'Ben']);
    expect(
      (await t.call('updateClass', admin, { class_id: b1, archived: false })).json().message,
    ).toBe('Class brought back.');
  });

  it('refuses a second class in use with the same name in any case, but not beside an archived one', async () => {
    const first = await newClass('Conversation Club');
    const again = await t.call('createClass', admin, { name: 'conversation club' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'A class called “conversation club” already exists. Please choose another name.',
    );
    const other = await newClass('Other Club');
    expect(
      (await t.call('updateClass', admin, { class_id: other, name: 'CONVERSATION CLUB' }))
        .statusCode,
    ).toBe(409);

    await t.call('updateClass', admin, { class_id: first, archived: true });
    expect((await t.call('createClass', admin, { name: 'Conversation Club' })).statusCode).toBe(
      200,
    );
    // Bringing the old one back would make two in use with one name.
    expect(
      (await t.call('updateClass', admin, { class_id: first, archived: false })).statusCode,
    ).toBe(409);
  });

  it('checks names and ids with clear messages and changes nothing on a refusal', async () => {
    expect((await t.call('createClass', admin, { name: '  ' })).json().message).toBe(
      'Please enter a class name.',
    );
    const long = await t.call('createClass', admin, { name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect((await t.call('updateClass', admin, { class_id: 999999, name: 'X' })).statusCode).toBe(
      404,
    );
    const nothing = await t.call('updateClass', admin, { class_id: 1 });
    expect(nothing.statusCode).toBe(400);
    expect((await t.call('getClassStudents', admin.token, { class_id: '999999' })).statusCode).toBe(
      404,
    );
  });

  it('adds and removes students in bulk, saying how many, and refuses anyone who is not a student', async () => {
    const [s1, s2, s3] = [
      await t.student({ name: 'S One' }),
      await t.student({ name: 'S Two' }),
      await t.student({ name: 'S Three' }),
    ];
    const id = await newClass('Bulk');
    const add = (ids: number[]) =>
      t.call('addClassStudents', admin, { class_id: id, user_ids: ids });
    expect((await add([s1.id, s2.id])).json().message).toBe('2 students added to Bulk.');
    expect((await add([s2.id, s3.id])).json().message).toBe(
      '1 student added to Bulk. 1 student already in it.',
    );

    const notStudent = await add([s1.id, admin.id]);
    expect(notStudent.statusCode).toBe(400);
    expect(notStudent.json().message).toBe(`User ${admin.id} is not a student.`);
    expect((await add([999998, 999999])).json().message).toBe(
      '2 of the chosen users are not students.',
    );
    expect((await add([])).json().message).toBe('Please select at least one student.');
    expect((await add([s1.id, s1.id])).json().message).toBe('Each student may be chosen once.');

    const removed = await t.call('removeClassStudents', admin, {
      class_id: id,
      user_ids: [s1.id, s3.id],
    });
    expect(removed.json().message).toBe('2 students removed from Bulk.');
    const left = (await t.call('getClassStudents', admin.token, { class_id: id })).json();
    expect(left.students).toEqual([
      { id: s2.id, name: 'S Two', username: s2.username, email: expect.any(String) },
    ]);
    expect(left.class).toMatchObject({ id, name: 'Bulk', student_count: 1 });

    const mine = (await t.call('getStudentClasses', admin.token, { user_id: s2.id })).json();
    expect(mine.classes.map((c: { name: string }) => c.name)).toContain('Bulk');
  });

  it("pages a class's students and searches them", async () => {
    const id = await newClass('Big');
    const students: TestUser[] = [];
    for (let i = 0; i < 52; i++) students.push(await t.student({ name: `Pupil ${100 + i}` }));
    await t.call('addClassStudents', admin, {
      class_id: id,
      user_ids: students.map((s) => s.id),
    });
    const first = (await t.call('getClassStudents', admin.token, { class_id: id })).json();
    expect(first.students).toHaveLength(50);
    expect(first.has_more).toBe(true);
    const second = (
      await t.call('getClassStudents', admin.token, { class_id: id, page: '2' })
    ).json();
    expect(second.students.map((s: { name: string }) => s.name)).toEqual([
      'Pupil 150',
      'Pupil 151',
    ]);
    expect(second.has_more).toBe(false);
    const found = (
      await t.call('getClassStudents', admin, { class_id: id, q: 'pupil 107' })
    ).json();
    expect(found.students.map((s: { name: string }) => s.name)).toEqual(['Pupil 107']);
  });
});

describe('sending to many', () => {
  it('sends an assignment to a class: one row per active student, one sent item with read counts', async () => {
    const [kim, lee, max] = [
      await t.student({ name: 'Kim' }),
      await t.student({ name: 'Lee' }),
      await t.student({ name: 'Max' }),
    ];
    const id = await newClass('Writing', [kim, lee, max]);
    await t.call('setUserActive', admin, { user_id: max.id, active: 0 });

    const sent = await sendAssignment({
      class_id: String(id),
      file_links: JSON.stringify([{ title: 'Brief', url: 'https://example.com/brief.pdf' }]),
    });
    expect(sent.json()).toEqual({ success: true, message: 'Assignment sent to 2 students.' });

    // Each student has their own row, as the spec's calls read it.
    for (const student of [kim, lee]) {
      const own = (
        await t.call('getUserAssignments', student.token, { user_id: student.id })
      ).json();
      expect(own.assignments).toEqual([
        expect.objectContaining({
          title: 'Essay',
          description: 'Friday 5 pm',
          is_read: 0,
          file_links: [{ title: 'Brief', url: 'https://example.com/brief.pdf' }],
        }),
      ]);
    }
    const kimsId = (await t.call('getUserAssignments', kim.token, { user_id: kim.id })).json()
      .assignments[0]?.id;
    if (kimsId === undefined) throw new Error("Kim's assignment was not listed");
    await t.call('markAssignmentAsRead', kim.token, { user_id: kim.id, assignment_id: kimsId });

    const list = (await t.call('getSendings', admin.token, { kind: 'assignment' })).json();
    const item = list.sendings.find((s) => s.recipients === 'Writing');
    expect(item).toMatchObject({
      kind: 'assignment',
      class_id: id,
      title: 'Essay',
      total: 2,
      read_count: 1,
    });
    if (!item) throw new Error('the sent item was not listed');

    const detail = (await t.call('getSending', admin.token, { sending_id: item.id })).json();
    expect(detail.sending).toMatchObject({
      description: 'Friday 5 pm',
      file_links: [{ title: 'Brief', url: 'https://example.com/brief.pdf' }],
    });
    expect(detail.students).toEqual([
      {
        user_id: kim.id,
        name: 'Kim',
        is_read: 1,
        read_at: expect.any(String),
        submitted_at: null,
        work_state: null,
      },
      {
        user_id: lee.id,
        name: 'Lee',
        is_read: 0,
        read_at: null,
        submitted_at: null,
        work_state: null,
      },
    ]);
    const unread = (
      await t.call('getSending', admin.token, { sending_id: item.id, read: 'unread' })
    ).json();
    expect(unread.students.map((s: { name: string }) => s.name)).toEqual(['Lee']);
  });

  it("edits a sent assignment's text and links for every student, keeping read states", async () => {
    const [a, b] = [await t.student({ name: 'Edit A' }), await t.student({ name: 'Edit B' })];
    await sendAssignment({ user_ids: JSON.stringify([a.id, b.id]), title: 'Draft title' });
    const item = (await t.call('getSendings', admin.token, { kind: 'assignment' })).json()
      .sendings[0];
    expect(item).toMatchObject({ recipients: '2 students', title: 'Draft title', total: 2 });
    if (!item) throw new Error('the sent item was not listed');

    const edit = await t.call('updateSending', admin, {
      sending_id: item.id,
      title: 'Final title',
      description: 'Monday 9 am',
      file_links: [{ title: 'New sheet', url: 'https://example.com/new.pdf' }],
    });
    expect(edit.json()).toEqual({ success: true, message: 'Assignment updated.' });
    for (const student of [a, b]) {
      const own = (
        await t.call('getUserAssignments', student.token, { user_id: student.id })
      ).json();
      expect(own.assignments[0]).toMatchObject({
        title: 'Final title',
        description: 'Monday 9 am',
        file_links: [{ title: 'New sheet', url: 'https://example.com/new.pdf' }],
      });
    }
    const blank = await t.call('updateSending', admin, { sending_id: item.id, title: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please enter both title and description.');
    expect((await t.call('updateSending', admin, { sending_id: 999999 })).statusCode).toBe(404);
  });

  it('sends a notification to a class and to chosen students, and rewords it for all', async () => {
    const [p, q] = [await t.student({ name: 'Pat' }), await t.student({ name: 'Quin' })];
    const id = await newClass('Listening', [p, q]);
    const sent = await t.call('addNotification', admin.token, {
      class_id: String(id),
      message: 'Room 4 today',
    });
    expect(sent.json()).toEqual({ success: true, message: 'Notification sent to 2 students.' });
    const item = (await t.call('getSendings', admin.token, { kind: 'notification' })).json()
      .sendings[0];
    expect(item).toMatchObject({ recipients: 'Listening', title: 'Room 4 today', total: 2 });
    if (!item) throw new Error('the sent item was not listed');

    await t.call('updateSending', admin, { sending_id: item.id, message: 'Room 5 today' });
    const own = (await t.call('getNotifications', q.token, { user_id: q.id })).json();
    expect(own.notifications.map((n: { message: string }) => n.message)).toContain('Room 5 today');
    expect((await t.call('updateSending', admin, { sending_id: item.id })).json().message).toBe(
      'Please enter a message.',
    );
  });

  it('refuses an archived or empty class, a mixed choice and no choice, writing nothing', async () => {
    const before = (await t.call('getSendings', admin.token, { kind: 'assignment' })).json()
      .sendings.length;
    const empty = await newClass('Empty');
    const emptySend = await sendAssignment({ class_id: String(empty) });
    expect(emptySend.statusCode).toBe(400);
    expect(emptySend.json()).toMatchObject({ error: 'The class Empty has no students yet.' });

    const s = await t.student({ name: 'Arch' });
    const archived = await newClass('Old', [s]);
    await t.call('updateClass', admin, { class_id: archived, archived: true });
    expect((await sendAssignment({ class_id: String(archived) })).json()).toMatchObject({
      error: 'The class Old is archived.',
    });
    expect((await sendAssignment({ class_id: '999999' })).statusCode).toBe(404);
    expect(
      (await sendAssignment({ class_id: String(archived), user_id: String(s.id) })).json(),
    ).toMatchObject({
      error: 'Choose one student, several students or a class, not more than one of them.',
    });
    expect((await sendAssignment({})).json()).toMatchObject({ error: 'Please select a user.' });
    expect((await sendAssignment({ user_ids: 'not a list' })).statusCode).toBe(400);
    expect((await sendAssignment({ user_ids: JSON.stringify([admin.id]) })).json()).toMatchObject({
      error: `User ${admin.id} is not a student.`,
    });
    expect(
      (await t.call('getSendings', admin.token, { kind: 'assignment' })).json().sendings.length,
    ).toBe(before);
    expect((await t.call('getUserAssignments', s.token, { user_id: s.id })).json()).toEqual({
      success: true,
      assignments: [],
    });
  });

  it('keeps the spec: one student gets one row and no sent item', async () => {
    const solo = await t.student({ name: 'Solo' });
    const before = (await t.call('getSendings', admin.token, { kind: 'assignment' })).json()
      .sendings;
    expect((await sendAssignment({ user_id: String(solo.id) })).json()).toEqual({
      success: true,
      message: 'Assignment sent successfully!',
    });
    expect(
      (await t.call('getSendings', admin.token, { kind: 'assignment' })).json().sendings,
    ).toEqual(before);
  });
});

describe('a weekly schedule for a class', () => {
  it("gives every active student the pattern's sessions, numbered after each one's own last", async () => {
    const [old, fresh] = [
      await t.student({ name: 'Has Two' }),
      await t.student({ name: 'Has None' }),
    ];
    await t.call('saveSchedule', admin, {
      user_id: old.id,
      schedule: [
        { session_number: 1, session_day: 'Monday', status: 'Held' },
        { session_number: 2, session_day: 'Monday', status: 'Held' },
      ],
    });
    const id = await newClass('Pattern Class', [old, fresh]);
    const saved = await t.call('saveClassSchedule', admin, {
      class_id: id,
      weekdays: ['Monday', 'Wednesday'],
      first_date: '2026-12-07',
      count: 3,
      time: '18:00 - 19:00',
    });
    expect(saved.json()).toEqual({
      success: true,
      message: 'Added 3 sessions to each of the 2 students of Pattern Class.',
    });
    const scheduleOf = async (student: TestUser) =>
      (await t.call('getSchedule', admin, { user_id: student.id })).json().schedule as {
        session_number: number;
        session_day: string;
        session_date: string;
        session_time: string;
      }[];
    expect(
      (await scheduleOf(fresh)).map((s) => [s.session_number, s.session_day, s.session_date]),
    ).toEqual([
      [1, 'Monday', '2026-12-07'],
      [2, 'Wednesday', '2026-12-09'],
      [3, 'Monday', '2026-12-14'],
    ]);
    expect((await scheduleOf(old)).map((s) => s.session_number)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses a bad pattern with its words and writes nothing', async () => {
    const s = await t.student({ name: 'Pattern None' });
    const id = await newClass('Pattern Refused', [s]);
    const bad = await t.call('saveClassSchedule', admin, {
      class_id: id,
      weekdays: [],
      first_date: '2026-12-07',
      count: 3,
      time: '18:00',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose at least one weekday.');
    const tooMany = await t.call('saveClassSchedule', admin, {
      class_id: id,
      weekdays: ['Friday'],
      first_date: '2026-12-07',
      count: 101,
      time: '18:00',
    });
    expect(tooMany.json().message).toBe('The number of sessions must be from 1 to 100.');
    const schedule = (await t.call('getSchedule', admin, { user_id: s.id })).json();
    expect(schedule.schedule ?? []).toEqual([]);
  });
});
