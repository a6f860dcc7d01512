import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallPayload,
  createTestApp,
  type FilePart,
  present,
  type TestApp,
  type TestUser,
} from '../../test-support/harness.js';
import { samples } from '../../test-support/samples.js';

/**
 * Sent items and the work handed in for them (issue 20): how many of an assignment's students
 * handed in work naming it, each one's Due / Overdue / Submitted / Late by the rule of View
 * Assignments, the handed-in filter, and the due time changed for every copy. The academy runs
 * on Tehran time (UTC+03:30, no clock changes), so a wall time is visibly read on its clock.
 */
let t: TestApp;
let admin: TestUser;
const START = Date.UTC(2026, 10, 22, 12, 0, 0);
const HOUR = 3_600_000;
beforeAll(async () => {
  t = await createTestApp({ env: { ACADEMY_TZ: 'Asia/Tehran' }, startAt: START });
  admin = await t.admin();
});
afterAll(() => t.close());

const pdf: FilePart = { filename: 'work.pdf', content: samples.pdf, type: 'application/pdf' };

/** Sends one assignment to the students as one sent item; its sending's id. */
async function sendToMany(students: TestUser[], title: string, dueAt?: string): Promise<number> {
  const res = await t.call('sendAssignment', admin.token, {
    user_ids: JSON.stringify(students.map((s) => s.id)),
    title,
    description: 'Friday, 300 words',
    file_links: '[]',
    ...(dueAt === undefined ? {} : { due_at: dueAt }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const list = (await t.call('getSendings', admin.token, { kind: 'assignment' })).json();
  return present(
    list.sendings.find((s) => s.title === title),
    title,
  ).id;
}

async function ownAssignmentId(student: TestUser, title: string): Promise<number> {
  const own = (await t.call('getUserAssignments', student.token, { user_id: student.id })).json();
  return present(
    own.assignments.find((a) => a.title === title),
    title,
  ).id;
}

async function handIn(student: TestUser, assignmentId: number | null) {
  const res = await t.call('uploadAssignment', student.token, {
    user_id: String(student.id),
    subject: 'My essay',
    ...(assignmentId === null ? {} : { assignment_id: String(assignmentId) }),
    'files[]': [pdf],
  });
  expect(res.statusCode, res.body).toBe(200);
}

interface Student {
  name: string;
  is_read: number;
  submitted_at: string | null;
  work_state: string | null;
}
const detail = async (
  sendingId: number,
  filters: Omit<CallPayload<'getSending'>, 'sending_id'> = {},
) => {
  const res = await t.call('getSending', admin, { sending_id: sendingId, ...filters });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    sending: { handed_in_count: number | null; due_at: string | null; total: number };
    students: Student[];
  };
};
const names = (students: Student[]) => students.map((s) => s.name);

describe('sent assignments: handed in', () => {
  it('counts the students who handed in work naming it, and shows each one’s work state', async () => {
    const [ana, ben, cem, dia] = [
      await t.student({ name: 'Hand Ana' }),
      await t.student({ name: 'Hand Ben' }),
      await t.student({ name: 'Hand Cem' }),
      await t.student({ name: 'Hand Dia' }),
    ];
    // Due 17:00 in Tehran on November 22: 13:30 UTC, an hour and a half after START.
    const id = await sendToMany([ana, ben, cem, dia], 'Hand-in essay', '2026-11-22T17:00');

    // Ana on time, twice (the second does not count twice); Ben late; Cem hands in work that
    // names nothing (it does not count); Dia nothing.
    t.clock.now = START + HOUR;
    await handIn(ana, await ownAssignmentId(ana, 'Hand-in essay'));
    await handIn(ana, await ownAssignmentId(ana, 'Hand-in essay'));
    await handIn(cem, null);
    t.clock.now = START + 2 * HOUR;
    await handIn(ben, await ownAssignmentId(ben, 'Hand-in essay'));

    const list = (await t.call('getSendings', admin.token, { kind: 'assignment' })).json();
    expect(list.sendings.find((s: { id: number }) => s.id === id)).toMatchObject({
      total: 4,
      read_count: 0,
      handed_in_count: 2,
      due_at: '2026-11-22 13:30:00',
    });

    const all = await detail(id);
    expect(all.sending).toMatchObject({ handed_in_count: 2, due_at: '2026-11-22 13:30:00' });
    expect(all.students).toEqual([
      expect.objectContaining({
        name: 'Hand Ana',
        submitted_at: '2026-11-22 13:00:00',
        work_state: 'submitted',
      }),
      expect.objectContaining({
        name: 'Hand Ben',
        submitted_at: '2026-11-22 14:00:00',
        work_state: 'late',
      }),
      expect.objectContaining({ name: 'Hand Cem', submitted_at: null, work_state: 'overdue' }),
      expect.objectContaining({ name: 'Hand Dia', submitted_at: null, work_state: 'overdue' }),
    ]);

    // The same rule as View Assignments, for the same row.
    const viewed = (await t.call('getAssignments', admin.token, { user_id: ben.id })).json()
      .assignments[0];
    expect(viewed).toMatchObject({ work_state: 'late', submitted_at: '2026-11-22 14:00:00' });

    // Before the due time, nobody is overdue yet.
    t.clock.now = START;
    expect((await detail(id, { work: 'not_handed_in' })).students).toEqual([
      expect.objectContaining({ name: 'Hand Cem', work_state: 'due' }),
      expect.objectContaining({ name: 'Hand Dia', work_state: 'due' }),
    ]);
    expect(names((await detail(id, { work: 'handed_in' })).students)).toEqual([
      'Hand Ana',
      'Hand Ben',
    ]);

    // Both filters at once: handed in and read.
    await t.call('markAssignmentAsRead', ben.token, {
      user_id: ben.id,
      assignment_id: await ownAssignmentId(ben, 'Hand-in essay'),
    });
    expect(names((await detail(id, { work: 'handed_in', read: 'read' })).students)).toEqual([
      'Hand Ben',
    ]);
    expect(names((await detail(id, { work: 'not_handed_in', read: 'read' })).students)).toEqual([]);
  });

  it('without a due time: Submitted once handed in, no state before', async () => {
    const [eve, fay] = [
      await t.student({ name: 'Open Eve' }),
      await t.student({ name: 'Open Fay' }),
    ];
    const id = await sendToMany([eve, fay], 'Undated reading');
    await handIn(eve, await ownAssignmentId(eve, 'Undated reading'));
    const all = await detail(id);
    expect(all.sending).toMatchObject({ handed_in_count: 1, due_at: null });
    expect(all.students.map((s) => [s.name, s.work_state])).toEqual([
      ['Open Eve', 'submitted'],
      ['Open Fay', null],
    ]);
  });

  it('a notification has no hand-in count and refuses the hand-in filter', async () => {
    const [gil, hal] = [
      await t.student({ name: 'Note Gil' }),
      await t.student({ name: 'Note Hal' }),
    ];
    const sent = await t.call('addNotification', admin.token, {
      user_ids: JSON.stringify([gil.id, hal.id]),
      message: 'Room 7',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const item = present(
      (await t.call('getSendings', admin.token, { kind: 'notification' })).json().sendings[0],
      'the sent notification',
    );
    expect(item).toMatchObject({ title: 'Room 7', handed_in_count: null, due_at: null });
    const one = await detail(item.id);
    expect(one.students.map((s) => [s.submitted_at, s.work_state])).toEqual([
      [null, null],
      [null, null],
    ]);
    const refused = await t.call('getSending', admin.token, {
      sending_id: item.id,
      work: 'handed_in',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Only an assignment is handed in: show all students of a notification.',
    });
    // A filter the schema does not know.
    const bad = await t.callUnchecked('getSending', admin.token, {
      sending_id: item.id,
      work: 'maybe',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^work /);
  });
});

describe('editing a sent assignment’s due time', () => {
  const edit = (sendingId: number, change: Partial<CallPayload<'updateSending'>>) =>
    t.call('updateSending', admin, {
      sending_id: sendingId,
      title: 'Moved essay',
      description: 'Friday, 300 words',
      file_links: [],
      ...change,
    });
  const dueOfEveryCopy = async (students: TestUser[]) =>
    Promise.all(
      students.map(
        async (s) =>
          (await t.call('getUserAssignments', s.token, { user_id: s.id }))
            .json()
            .assignments.find((a) => a.title === 'Moved essay')?.due_at,
      ),
    );

  it('changes it for every copy on the academy’s clock, keeps it when absent, removes it when cleared', async () => {
    const [ida, jon] = [await t.student({ name: 'Due Ida' }), await t.student({ name: 'Due Jon' })];
    const id = await sendToMany([ida, jon], 'Moved essay', '2026-11-24T09:00');
    await handIn(ida, await ownAssignmentId(ida, 'Moved essay'));

    // 18:30 in Tehran is 15:00 UTC; an instant with its own zone is that instant.
    const moved = await edit(id, { due_at: '2026-11-25T18:30' });
    expect(moved.json()).toEqual({ success: true, message: 'Assignment updated.' });
    expect(await dueOfEveryCopy([ida, jon])).toEqual([
      '2026-11-25 15:00:00',
      '2026-11-25 15:00:00',
    ]);
    expect((await edit(id, { due_at: '2026-11-26T10:00:00Z' })).statusCode).toBe(200);
    expect((await detail(id)).sending.due_at).toBe('2026-11-26 10:00:00');

    // A client that does not send the field (the edit of text only) keeps the due time.
    expect((await edit(id, {})).statusCode).toBe(200);
    expect(await dueOfEveryCopy([ida, jon])).toEqual([
      '2026-11-26 10:00:00',
      '2026-11-26 10:00:00',
    ]);

    // Cleared ('' or null): no due time; what was handed in stays Submitted, the rest no state.
    expect((await edit(id, { due_at: '' })).statusCode).toBe(200);
    expect(await dueOfEveryCopy([ida, jon])).toEqual([null, null]);
    const cleared = await detail(id);
    expect(cleared.sending.due_at).toBeNull();
    expect(cleared.students.map((s) => [s.name, s.work_state])).toEqual([
      ['Due Ida', 'submitted'],
      ['Due Jon', null],
    ]);
    expect((await edit(id, { due_at: '2026-11-27T08:00' })).statusCode).toBe(200);
    expect((await edit(id, { due_at: null })).statusCode).toBe(200);
    expect((await detail(id)).sending.due_at).toBeNull();
  });

  it('refuses a date and time that is not one, as send_assignment does, and changes nothing', async () => {
    const kai = await t.student({ name: 'Due Kai' });
    const lou = await t.student({ name: 'Due Lou' });
    const id = await sendToMany([kai, lou], 'Moved essay', '2026-11-24T09:00');
    for (const due of ['tomorrow', '2026-02-31T10:00', '2026-11-24T24:30', 17]) {
      const res = await edit(id, { due_at: due });
      expect(res.statusCode, String(due)).toBe(400);
      expect(res.json().message, String(due)).toMatch(/^due_at /);
    }
    expect((await detail(id)).sending.due_at).toBe('2026-11-24 05:30:00');
  });

  it('refuses a due time for a notification', async () => {
    const [mo, nia] = [await t.student({ name: 'Due Mo' }), await t.student({ name: 'Due Nia' })];
    await t.call('addNotification', admin.token, {
      user_ids: JSON.stringify([mo.id, nia.id]),
      message: 'Room 8',
    });
    const item = present(
      (await t.call('getSendings', admin.token, { kind: 'notification' })).json().sendings[0],
      'the sent notification',
    );
    const res = await t.call('updateSending', admin, {
      sending_id: item.id,
      message: 'Room 9',
      due_at: '2026-11-24T09:00',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only an assignment has a due date and time.');
  });
});

describe("a teacher's sent items (issue 29)", () => {
  const OUTSIDE = {
    success: false,
    message: 'You can only do this for the students of your classes.',
  };

  /** A teacher of a class of two, who sends the class a notification and an assignment. */
  async function teacherWithSendings(name: string) {
    const students = [
      await t.student({ name: `${name} Pupil One` }),
      await t.student({ name: `${name} Pupil Two` }),
    ] as const;
    const classId = (await t.call('createClass', admin.token, { name: `${name} Class` })).json()
      .class_id;
    await t.call('addClassStudents', admin.token, {
      class_id: classId,
      user_ids: students.map((s) => s.id),
    });
    const teacher = await t.teacher({ name, classIds: [classId] });
    const told = await t.call('addNotification', teacher.token, {
      class_id: String(classId),
      message: `${name} says hello`,
    });
    expect(told.statusCode, told.body).toBe(200);
    const set = await t.call('sendAssignment', teacher.token, {
      class_id: String(classId),
      title: `${name} homework`,
      description: 'Page 12',
      file_links: '[]',
    });
    expect(set.statusCode, set.body).toBe(200);
    return { teacher, students, classId };
  }

  const titles = async (as: TestUser, kind: 'assignment' | 'notification') => {
    const res = await t.call('getSendings', as.token, { kind });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().sendings.map((s) => s.title);
  };
  const idOf = async (as: TestUser, kind: 'assignment' | 'notification', title: string) =>
    present(
      (await t.call('getSendings', as.token, { kind }))
        .json()
        .sendings.find((s) => s.title === title),
      title,
    ).id;

  it('lists only the sendings the teacher made; an administrator still sees every one', async () => {
    const mina = await teacherWithSendings('Mina Teach');
    const omid = await teacherWithSendings('Omid Teach');
    const fromAdmin = await t.call('addNotification', admin.token, {
      class_id: String(mina.classId),
      message: 'The admin says hello',
    });
    expect(fromAdmin.statusCode).toBe(200);

    expect(await titles(mina.teacher, 'notification')).toEqual(['Mina Teach says hello']);
    expect(await titles(mina.teacher, 'assignment')).toEqual(['Mina Teach homework']);
    expect(await titles(omid.teacher, 'notification')).toEqual(['Omid Teach says hello']);
    // A teacher who sent nothing has no sent items, even of their own class's.
    const quiet = await t.teacher({ name: 'Quiet Teach', classIds: [mina.classId] });
    expect(await titles(quiet, 'notification')).toEqual([]);
    expect(await titles(admin, 'notification')).toEqual(
      expect.arrayContaining([
        'The admin says hello',
        'Mina Teach says hello',
        'Omid Teach says hello',
      ]),
    );

    // Their own sending opens with its students.
    const own = await t.call('getSending', mina.teacher.token, {
      sending_id: await idOf(mina.teacher, 'assignment', 'Mina Teach homework'),
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().students.map((s) => s.name)).toEqual([
      'Mina Teach Pupil One',
      'Mina Teach Pupil Two',
    ]);
  });

  it("refuses another's sending, even to a class the teacher teaches, as one that does not exist", async () => {
    const rana = await teacherWithSendings('Rana Teach');
    const sami = await teacherWithSendings('Sami Teach');
    const ranas = await idOf(rana.teacher, 'notification', 'Rana Teach says hello');
    // The admin's sending to Rana's class is the admin's, not Rana's.
    await t.call('addNotification', admin.token, {
      class_id: String(rana.classId),
      message: 'Admin to Rana Class',
    });
    const admins = await idOf(admin, 'notification', 'Admin to Rana Class');

    for (const sendingId of [ranas, admins, 2_000_000_000]) {
      const read = await t.call('getSending', sami.teacher.token, { sending_id: sendingId });
      expect({ status: read.statusCode, body: read.json() }).toEqual({
        status: 403,
        body: OUTSIDE,
      });
      const edit = await t.call('updateSending', sami.teacher.token, {
        sending_id: sendingId,
        message: 'Changed by Sami',
      });
      expect({ status: edit.statusCode, body: edit.json() }).toEqual({
        status: 403,
        body: OUTSIDE,
      });
    }
    const admin403 = await t.call('getSending', rana.teacher.token, { sending_id: admins });
    expect(admin403.statusCode).toBe(403);
    // Nothing changed: Rana's students still read Rana's words.
    const inbox = (
      await t.call('getNotifications', rana.students[0].token, { user_id: rana.students[0].id })
    ).json();
    expect(JSON.stringify(inbox)).not.toContain('Changed by Sami');

    // Rana edits her own, for every student it went to; the admin can too.
    const edited = await t.call('updateSending', rana.teacher.token, {
      sending_id: ranas,
      message: 'Rana says goodbye',
    });
    expect(edited.json()).toEqual({ success: true, message: 'Notification updated.' });
    expect(await titles(rana.teacher, 'notification')).toEqual(['Rana says goodbye']);
    const byAdmin = await t.call('updateSending', admin.token, {
      sending_id: ranas,
      message: 'Rana says goodbye again',
    });
    expect(byAdmin.statusCode).toBe(200);
  });
});
