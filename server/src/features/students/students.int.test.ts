import { OVERVIEW_LIST_SIZE, OVERVIEW_SESSIONS_SIZE } from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, present, type TestApp, type TestUser } from '../../test-support/harness.js';
import { samples } from '../../test-support/samples.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const later = () => {
  t.clock.now += 1000;
};
const ok = (res: { statusCode: number; body: string }) =>
  expect(res.statusCode, res.body).toBe(200);
const overview = (id: number, token = admin.token) =>
  t.call('getStudentOverview', token, { user_id: id });

const session = (n: number, status: string) => ({
  session_id: '',
  session_number: n,
  session_day: 'Monday',
  session_date: `2026-12-${String(n).padStart(2, '0')}`,
  session_time: '10:00 - 11:00',
  status,
});

async function submit(student: TestUser, subject: string) {
  later();
  ok(
    await t.call('uploadAssignment', student.token, {
      user_id: String(student.id),
      subject,
      description: 'my work',
      'files[]': [
        { filename: 'a.pdf', content: samples.pdf, type: 'application/pdf' },
        { filename: 'b.pdf', content: samples.pdf, type: 'application/pdf' },
      ],
    }),
  );
}

async function correct(student: TestUser, title: string, submissionId?: number) {
  later();
  const res = await t.call('sendCorrection', admin.token, {
    user_id: String(student.id),
    title,
    description: 'well done',
    ...(submissionId === undefined ? {} : { submission_id: String(submissionId) }),
  });
  ok(res);
}

describe('GET /api/get_student_overview.php', () => {
  it('a new student: the profile and empty sections', async () => {
    const s = await t.student({ name: 'Nima Karimi', gender: 'female' });
    const res = await overview(s.id);
    ok(res);
    expect(res.json()).toEqual({
      success: true,
      student: {
        id: s.id,
        name: 'Nima Karimi',
        username: s.username,
        email: `${s.username}@example.com`,
        gender: 'female',
        role_id: 2,
        is_active: 1,
        last_seen: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      },
      schedule: { total: 0, held: 0, missed: 0, next: 0, other: 0, latest: [] },
      assignments: { total: 0, unread: 0, latest: [] },
      submissions: { total: 0, latest: [] },
      corrections: { total: 0, latest: [] },
      attempts: { total: 0, latest: [] },
      speaking: { total: 0, latest: [] },
    });
  });

  it('gathers the student’s schedule, assignments, submissions with their corrections, attempts and last seen; nobody else’s', async () => {
    const s = await t.student({ name: 'Sara' });
    const other = await t.student({ name: 'Omid' });

    // Schedule: 12 sessions; the page shows the last 10 by number and counts them all.
    const statuses = ['Held', 'Held', 'Missed', 'Held', 'Missed'];
    ok(
      await t.callUnchecked('saveSchedule', admin.token, {
        user_id: s.id,
        schedule: Array.from({ length: 12 }, (_, i) =>
          session(i + 1, statuses[i] ?? 'Next Session'),
        ),
      }),
    );
    ok(
      await t.callUnchecked('saveSchedule', admin.token, {
        user_id: other.id,
        schedule: [session(1, 'Held')],
      }),
    );

    // Assignments: 7, two read by the student.
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) {
      later();
      const sent = await t.call('sendAssignment', admin.token, {
        user_id: String(s.id),
        title: `Homework ${i}`,
        description: `Due Friday ${i}`,
        file_links: '[]',
      });
      ok(sent);
    }
    const own = (await t.call('getUserAssignments', s.token, { user_id: s.id })).json();
    for (const a of own.assignments) ids.push(a.id);
    for (const id of ids.slice(0, 2))
      ok(
        await t.call('markAssignmentAsRead', s.token, {
          user_id: s.id,
          assignment_id: id,
        }),
      );
    later();
    ok(
      await t.call('sendAssignment', admin.token, {
        user_id: String(other.id),
        title: 'Not Sara’s',
        description: 'x',
        file_links: '[]',
      }),
    );

    // Submissions: the first corrected, the second waiting.
    await submit(s, 'Essay 1');
    await correct(s, 'Essay 1 marked');
    await submit(s, 'Essay 2');
    await submit(other, 'Omid’s essay');

    // An exam started, and the student was seen.
    const exam = await t.call('saveSkillItem', admin.token, {
      kind: 'exam',
      title: 'Midterm',
      description: 'Read it well',
      link_url: 'https://files.example.com/item.pdf',
      access_start: iso(t.clock.now - HOUR),
      access_end: iso(t.clock.now + HOUR),
    });
    ok(exam);
    ok(await t.call('updateAttempted', s.token, { user_id: s.id, exam_id: exam.json().id }));
    ok(await t.call('updateActivity', s.token, {}));

    const res = await overview(s.id);
    ok(res);
    const body = res.json();
    expect(body.student.last_seen).toBe(
      new Date(t.clock.now).toISOString().slice(0, 19).replace('T', ' '),
    );
    expect(body.schedule).toMatchObject({ total: 12, held: 3, missed: 2, next: 7, other: 0 });
    expect(body.schedule.latest).toHaveLength(OVERVIEW_SESSIONS_SIZE);
    // The sessions around the academy's today (issue 49, point 2): all 12 are to come on
    // 2026-11-22, so the first ten; on 2026-12-05, the three before session 5 and six after it.
    const numbersOf = (list: { session_number: number }[]) => list.map((x) => x.session_number);
    expect(numbersOf(body.schedule.latest)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const then = t.clock.now;
    t.clock.now = Date.UTC(2026, 11, 5, 12);
    try {
      const onDecember5 = (await overview(s.id)).json();
      expect(numbersOf(onDecember5.schedule.latest)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    } finally {
      t.clock.now = then;
    }
    expect(body.assignments.total).toBe(7);
    expect(body.assignments.unread).toBe(5);
    expect(body.assignments.latest).toHaveLength(OVERVIEW_LIST_SIZE);
    expect(body.assignments.latest[0]).toMatchObject({
      title: 'Homework 7',
      is_read: expect.any(Number),
    });
    expect(body.assignments.latest.map((a: { title: string }) => a.title)).not.toContain(
      'Not Sara’s',
    );
    expect(body.submissions.total).toBe(2);
    const [second, first] = body.submissions.latest;
    expect(second).toMatchObject({
      subject: 'Essay 2',
      files_count: 2,
      state: 'new',
      correction_id: null,
      correction_title: null,
    });
    expect(first).toMatchObject({
      subject: 'Essay 1',
      files_count: 2,
      state: 'corrected',
      correction_title: 'Essay 1 marked',
    });
    expect(body.corrections.total).toBe(1);
    expect(body.corrections.latest[0]).toMatchObject({ title: 'Essay 1 marked' });
    expect(first?.correction_id).toBe(body.corrections.latest[0]?.id);
    expect(body.attempts).toMatchObject({ total: 1, latest: [{ kind: 'exam', title: 'Midterm' }] });
    expect(body.speaking).toEqual({ total: 0, latest: [] });
  });

  it('says new or corrected by the inbox’s rule: a correction naming a submission answers that one only', async () => {
    const s = await t.student({ name: 'Linked Lia' });
    await submit(s, 'Early essay');
    await submit(s, 'Late essay');
    const inboxOf = async () =>
      (await t.call('sendToInbox', admin.token, { user_id: s.id })).json().assignments as {
        id: number;
        subject: string;
        state: string;
      }[];
    const [late, early] = await inboxOf();
    if (!late || !early) throw new Error('both submissions should be in the inbox');

    // A correction naming the later one, sent after both arrived: the earlier stays new (it
    // is not "a correction sent since" it arrived that answers it).
    await correct(s, 'Late essay marked', late.id);
    const stateOf = async () =>
      Object.fromEntries(
        (await overview(s.id))
          .json()
          .submissions.latest.map(
            (x: { subject: string; state: string; correction_title: string | null }) => [
              x.subject,
              [x.state, x.correction_title],
            ],
          ),
      );
    expect(await stateOf()).toEqual({
      'Late essay': ['corrected', 'Late essay marked'],
      'Early essay': ['new', null],
    });
    // The page and the inbox agree on every submission.
    const inboxStates = Object.fromEntries((await inboxOf()).map((x) => [x.subject, x.state]));
    expect(inboxStates).toEqual({ 'Late essay': 'corrected', 'Early essay': 'new' });

    // A second correction naming it does not replace the first as its answer.
    await correct(s, 'Late essay, again', late.id);
    expect((await stateOf())['Late essay']).toEqual(['corrected', 'Late essay marked']);

    // A correction naming nothing (an older client's) answers what came before it.
    await correct(s, 'Everything so far');
    expect(await stateOf()).toEqual({
      'Late essay': ['corrected', 'Late essay marked'],
      'Early essay': ['corrected', 'Everything so far'],
    });
  });

  it('says where each assignment stands, with its dates, as View Assignments does (issue 27, point 13)', async () => {
    const s = await t.student({ name: 'Dated Student' });
    const give = async (title: string, dueAt: number) => {
      later();
      ok(
        await t.call('sendAssignment', admin.token, {
          user_id: String(s.id),
          title,
          description: 'x',
          file_links: '[]',
          due_at: iso(dueAt),
        }),
      );
    };
    await give('Past due', t.clock.now - HOUR);
    await give('Due later', t.clock.now + 100 * HOUR);
    const own = (await t.call('getUserAssignments', s.token, { user_id: s.id })).json();
    const later_ = present(
      own.assignments.find((a) => a.title === 'Due later'),
      'the assignment due later',
    );
    later();
    ok(
      await t.call('uploadAssignment', s.token, {
        user_id: String(s.id),
        subject: 'On time',
        description: 'mine',
        assignment_id: String(later_.id),
        'files[]': [{ filename: 'a.pdf', content: samples.pdf, type: 'application/pdf' }],
      }),
    );
    const page = (await overview(s.id)).json().assignments.latest as {
      title: string;
      due_at: string | null;
      submitted_at: string | null;
      work_state: string | null;
    }[];
    const byTitle = Object.fromEntries(page.map((a) => [a.title, a]));
    expect(byTitle['Past due']).toMatchObject({
      due_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      submitted_at: null,
      work_state: 'overdue',
    });
    expect(byTitle['Due later']).toMatchObject({
      submitted_at: expect.stringMatching(/^\d{4}-/),
      work_state: 'submitted',
    });
    // The same as the admin's View Assignments says.
    const listed = (await t.call('getAssignments', admin.token, { user_id: s.id })).json()
      .assignments as { title: string; work_state: string | null }[];
    for (const a of listed) expect(byTitle[a.title]?.work_state).toBe(a.work_state);
  });

  it('refuses students (403) and callers without a token (401); an unknown id is a 404, a bad one a 400', async () => {
    const s = await t.student();
    const other = await t.student();
    expect((await overview(s.id, s.token)).statusCode).toBe(403);
    expect((await overview(s.id, other.token)).statusCode).toBe(403);
    expect((await t.call('getStudentOverview', undefined, { user_id: s.id })).statusCode).toBe(401);
    const missing = await overview(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, message: 'Student not found.' });
    expect((await t.call('getStudentOverview', admin.token, { user_id: 'x' })).statusCode).toBe(
      400,
    );
  });
});
