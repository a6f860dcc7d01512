import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallPayload,
  createTestApp,
  type FilePart,
  listIn,
  type multipartAs,
  present,
  type TestApp,
  type TestUser,
  withKey,
} from '../../test-support/harness.js';
import { samples } from '../../test-support/samples.js';
import { changesBetween, snapshotData } from '../../test-support/snapshot.js';

/**
 * Work that connects (issue 20 point 6): due times on the academy's clock, submissions that
 * name their assignment, corrections that name their submission, the inbox's new and
 * corrected, and the late rule. The academy runs on Tehran time (UTC+03:30, no clock changes).
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

async function sendAssignment(student: TestUser, title: string, dueAt?: string) {
  const res = await t.call('sendAssignment', admin.token, {
    user_id: String(student.id),
    title,
    description: 'Friday, 300 words',
    file_links: '[]',
    ...(dueAt === undefined ? {} : { due_at: dueAt }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const own = (await t.call('getUserAssignments', student.token, { user_id: student.id })).json();
  return own.assignments.find((a: { title: string }) => a.title === title) as OwnAssignment;
}

interface OwnAssignment {
  id: number;
  title: string;
  due_at: string | null;
  submitted_at: string | null;
  work_state: string | null;
}
interface InboxEntry {
  id: number;
  user_id: number;
  subject: string;
  created_at: string;
  assignment_id: number | null;
  assignment_title: string | null;
  state: 'new' | 'corrected';
}

const upload = (student: TestUser, subject: string, assignmentId?: number | string) =>
  t.call('uploadAssignment', student.token, {
    user_id: String(student.id),
    subject,
    ...(assignmentId === undefined ? {} : { assignment_id: String(assignmentId) }),
    'files[]': [pdf],
  });

const ownList = async (student: TestUser) =>
  (await t.call('getUserAssignments', student.token, { user_id: student.id })).json()
    .assignments as OwnAssignment[];
const adminList = async (student: TestUser) =>
  (await t.call('getAssignments', admin.token, { user_id: student.id })).json()
    .assignments as OwnAssignment[];
const inbox = async (filters: CallPayload<'sendToInbox'>) => {
  const res = await t.call('sendToInbox', admin, filters);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().assignments as InboxEntry[];
};
const correct = (student: TestUser, title: string, submissionId?: number | string) =>
  t.call('sendCorrection', admin.token, {
    user_id: String(student.id),
    title,
    ...(submissionId === undefined ? {} : { submission_id: String(submissionId) }),
  });

describe('due times', () => {
  it('reads a date and time without a zone on the academy clock and answers the instant', async () => {
    const student = await t.student();
    // 17:00 in Tehran is 13:30 UTC.
    const a = await sendAssignment(student, 'Essay', '2026-11-24T17:00');
    expect(a.due_at).toBe('2026-11-24 13:30:00');
    expect(a.work_state).toBe('due');
    const [fromAdmin] = await adminList(student);
    expect(fromAdmin).toMatchObject({ due_at: '2026-11-24 13:30:00', work_state: 'due' });
    // With a zone, it is that instant whatever the academy's clock.
    const b = await sendAssignment(student, 'Zoned', '2026-11-24T17:00:00Z');
    expect(b.due_at).toBe('2026-11-24 17:00:00');
    const c = await sendAssignment(student, 'Spec style', '2026-11-24 17:00:00');
    expect(c.due_at).toBe('2026-11-24 13:30:00');
  });

  it('keeps the spec call working without one: no due time and no state', async () => {
    const student = await t.student();
    const a = await sendAssignment(student, 'No due');
    expect(a).toMatchObject({ due_at: null, submitted_at: null, work_state: null });
    const blank = await sendAssignment(student, 'Blank due', '');
    expect(blank.due_at).toBeNull();
  });

  it('refuses a due time that is not one, naming the field, and writes nothing', async () => {
    const student = await t.student();
    for (const due of ['tomorrow', '2026-02-31T10:00', '2026-11-24T24:30', '2026-11-24']) {
      const before = await snapshotData(t);
      const res = await t.call('sendAssignment', admin.token, {
        user_id: String(student.id),
        title: 'T',
        description: 'D',
        due_at: due,
      });
      expect(res.statusCode, `${due}: ${res.body}`).toBe(400);
      const refusal: { error?: string; message?: string } = res.json();
      expect(refusal.error ?? refusal.message).toMatch(/^due_at /);
      expect(changesBetween(before, await snapshotData(t))).toEqual([]);
    }
  });
});

describe('submissions that name their assignment', () => {
  it('are due, overdue, submitted and late by the first submission and the due instant', async () => {
    const student = await t.student();
    const onTime = await sendAssignment(student, 'On time', '2026-11-22T18:00'); // 14:30 UTC
    const late = await sendAssignment(student, 'Late one', '2026-11-22T15:00'); // 11:30 UTC
    const open = await sendAssignment(student, 'Still open', '2026-11-30T09:00');
    const missed = await sendAssignment(student, 'Missed', '2026-11-22T15:00');
    const undated = await sendAssignment(student, 'Undated');

    expect((await upload(student, 'Mine, on time', onTime.id)).statusCode).toBe(200);
    expect((await upload(student, 'Mine, late', late.id)).statusCode).toBe(200);
    expect((await upload(student, 'Undated work', undated.id)).statusCode).toBe(200);
    // Work naming no assignment moves no assignment's state.
    expect((await upload(student, 'Loose work')).statusCode).toBe(200);

    const states = Object.fromEntries(
      (await ownList(student)).map((a) => [a.title, [a.work_state, a.submitted_at]]),
    );
    expect(states).toEqual({
      'On time': ['submitted', '2026-11-22 12:00:00'],
      'Late one': ['late', '2026-11-22 12:00:00'],
      'Still open': ['due', null],
      Missed: ['overdue', null],
      Undated: ['submitted', '2026-11-22 12:00:00'],
    });
    const adminStates = Object.fromEntries(
      (await adminList(student)).map((a) => [a.title, a.work_state]),
    );
    expect(adminStates).toMatchObject({ 'On time': 'submitted', 'Late one': 'late' });

    // A later submission does not change the first one's verdict; time passing makes open ones overdue.
    t.clock.now = START + 2 * HOUR;
    expect((await upload(student, 'Second try', onTime.id)).statusCode).toBe(200);
    t.clock.now = Date.UTC(2026, 10, 30, 5, 31); // 09:01 in Tehran
    const later = Object.fromEntries((await ownList(student)).map((a) => [a.title, a.work_state]));
    expect(later).toMatchObject({ 'On time': 'submitted', 'Still open': 'overdue' });
    expect(open.work_state).toBe('due');
    expect(missed.work_state).toBe('overdue');
    t.clock.now = START;

    const entries = await inbox({ user_id: student.id });
    expect(entries.find((e) => e.subject === 'Mine, late')).toMatchObject({
      assignment_id: late.id,
      assignment_title: 'Late one',
      state: 'new',
    });
    expect(entries.find((e) => e.subject === 'Loose work')).toMatchObject({
      assignment_id: null,
      assignment_title: null,
    });
  });

  it("refuses another student's assignment like one that does not exist, and stores nothing", async () => {
    const owner = await t.student();
    const other = await t.student();
    const theirs = await sendAssignment(owner, 'Not yours');
    const answers = [];
    for (const id of [theirs.id, 2_000_000_000]) {
      const before = await snapshotData(t);
      const res = await upload(other, 'Borrowed', id);
      answers.push({ status: res.statusCode, body: res.json() });
      expect(changesBetween(before, await snapshotData(t))).toEqual([]);
    }
    expect(answers[0]).toEqual({
      status: 404,
      body: { success: false, message: 'That assignment is not one of yours.' },
    });
    expect(answers[1]).toEqual(answers[0]);
    // "None" from a form is an empty value.
    expect((await upload(other, 'None picked', '')).statusCode).toBe(200);
    expect((await upload(other, 'Bad id', 'abc')).statusCode).toBe(400);
  });

  it('goes null when the assignment is deleted, and the submission stays', async () => {
    const student = await t.student();
    const a = await sendAssignment(student, 'Deleted later');
    await upload(student, 'Answer to deleted', a.id);
    const removed = await t.call('removeAssignment', admin.token, { assignment_id: a.id });
    expect(removed.statusCode).toBe(200);
    const [entry] = await inbox({ user_id: student.id });
    expect(entry).toMatchObject({ subject: 'Answer to deleted', assignment_id: null });
  });
});

describe('the inbox: new or corrected, and by day', () => {
  it('a correction naming a submission makes that one corrected and no other', async () => {
    const student = await t.student();
    const a = await sendAssignment(student, 'Unit 4');
    await upload(student, 'First piece', a.id);
    await upload(student, 'Second piece');
    const [second, first] = await inbox({ user_id: student.id });
    expect([first?.subject, second?.subject]).toEqual(['First piece', 'Second piece']);

    const res = await correct(student, 'Well done', first?.id);
    expect(res.statusCode, res.body).toBe(200);
    const states = Object.fromEntries(
      (await inbox({ user_id: student.id })).map((e) => [e.subject, e.state]),
    );
    expect(states).toEqual({ 'First piece': 'corrected', 'Second piece': 'new' });
    expect((await inbox({ user_id: student.id, state: 'new' })).map((e) => e.subject)).toEqual([
      'Second piece',
    ]);
    expect(
      (await inbox({ user_id: student.id, state: 'corrected' })).map((e) => e.subject),
    ).toEqual(['First piece']);

    // The student sees which work the result answers.
    const results = (
      await t.call('studentsGetCorrections', student.token, { user_id: student.id })
    ).json();
    expect(listIn(results)[0]).toMatchObject({
      title: 'Well done',
      submission_id: first?.id,
      submission_subject: 'First piece',
      submission_created_at: first?.created_at,
      assignment_title: 'Unit 4',
    });
    // And so does the admin's sent list.
    const sent = (await t.call('getCorrections', admin.token, { page: '1' })).json();
    expect(withKey(sent, 'corrections').corrections[0]).toMatchObject({
      title: 'Well done',
      submission_id: first?.id,
    });
  });

  it('a correction naming no submission counts for what its student sent before it, not after', async () => {
    const student = await t.student();
    await upload(student, 'Before');
    t.clock.now = START + HOUR;
    expect((await correct(student, 'General feedback')).statusCode).toBe(200);
    t.clock.now = START + 2 * HOUR;
    await upload(student, 'After');
    t.clock.now = START;
    const states = Object.fromEntries(
      (await inbox({ user_id: student.id })).map((e) => [e.subject, e.state]),
    );
    expect(states).toEqual({ Before: 'corrected', After: 'new' });
    // Results without a link say so with nulls.
    const [result] = listIn(
      (await t.call('studentsGetCorrections', student.token, { user_id: student.id })).json(),
    );
    expect(result).toMatchObject({ submission_id: null, assignment_title: null });
  });

  it("refuses a correction naming another student's submission, and writes nothing", async () => {
    const owner = await t.student();
    const other = await t.student();
    await upload(owner, 'Owner work');
    const [entry] = await inbox({ user_id: owner.id });
    for (const id of [entry?.id, 2_000_000_000]) {
      const before = await snapshotData(t);
      const res = await correct(other, 'Wrong one', id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        error: "The submission is not one of this student's.",
      });
      expect(changesBetween(before, await snapshotData(t))).toEqual([]);
    }
  });

  it('the dashboard counts new submissions by the same rule', async () => {
    const fresh = await createTestApp({ startAt: START });
    try {
      const boss = await fresh.admin();
      const student = await fresh.student();
      const send = (fields: Parameters<typeof multipartAs>[1]) =>
        fresh.callUnchecked('uploadAssignment', student.token, fields);
      await send({ user_id: String(student.id), subject: 'One', 'files[]': [pdf] });
      await send({ user_id: String(student.id), subject: 'Two', 'files[]': [pdf] });
      const count = async () =>
        (await fresh.call('getAdminCounts', boss.token, {})).json().new_submissions;
      expect(await count()).toBe(2);
      const list = (await fresh.call('sendToInbox', boss.token, {})).json();
      const one = present(
        list.assignments.find((e) => e.subject === 'One'),
        'the work called One',
      );
      await fresh.call('sendCorrection', boss.token, {
        user_id: String(student.id),
        title: 'For one',
        submission_id: String(one.id),
      });
      expect(await count()).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('filters by days on the academy clock, both ends included', async () => {
    const student = await t.student();
    // 20:29 UTC on Nov 22 is 23:59 in Tehran; 20:30 UTC is midnight of Nov 23 there.
    t.clock.now = Date.UTC(2026, 10, 22, 20, 29);
    await upload(student, 'Late on the 22nd');
    t.clock.now = Date.UTC(2026, 10, 22, 20, 30);
    await upload(student, 'Midnight of the 23rd');
    t.clock.now = Date.UTC(2026, 10, 23, 20, 29);
    await upload(student, 'End of the 23rd');
    t.clock.now = START;
    const subjects = async (filters: CallPayload<'sendToInbox'>) =>
      (await inbox({ user_id: student.id, ...filters })).map((e) => e.subject);
    expect(await subjects({ from: '2026-11-23', to: '2026-11-23' })).toEqual([
      'End of the 23rd',
      'Midnight of the 23rd',
    ]);
    expect(await subjects({ to: '2026-11-22' })).toEqual(['Late on the 22nd']);
    expect(await subjects({ from: '2026-11-23' })).toHaveLength(2);
    expect(await subjects({ from: '' })).toHaveLength(3);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['state=old', 'state'],
      ['from=2026-13-01', 'from'],
      ['to=yesterday', 'to'],
      ['from=2026-11-23&to=2026-11-22', 'to'],
    ] as const) {
      // Filters the schema refuses.
      const filters = Object.fromEntries(new URLSearchParams(query));
      const res = await t.callUnchecked('sendToInbox', admin, filters);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(new RegExp(`^${field}\\b|first day`));
    }
  });
});
