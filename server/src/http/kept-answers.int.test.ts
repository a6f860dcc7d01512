import {
  KEPT_ANSWER_PATHS,
  KEPT_ANSWERS,
  TEACHER_KEPT_ANSWER_PATHS,
  TEACHER_KEPT_ANSWERS,
} from '@academy/contract/kept-answers';
import { type CallName, routes } from '@academy/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp, type TestUser } from '../test-support/harness.js';
import { insertItem } from '../test-support/quiz-world.js';

/**
 * Issue 48, point 7: only a student's answers kept for use offline may be kept on a device;
 * every other answer says `no-store`, which the offline worker obeys.
 */
let t: TestApp;
let admin: TestUser;
let student: TestUser;
let other: TestUser;
/** What a kept call names beyond the student: a quiz attempt going on, and one to review. */
const named: Partial<Record<string, string>> = {};
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  student = await t.student();
  other = await t.student();
  const item = await insertItem(
    t.database.db,
    {
      prompt: 'Kept?',
      body: { type: 'true_false' },
      key: { type: 'true_false', answer: true },
      points: 1,
    },
    admin.id,
    t.clock.now,
  );
  const quiz = await t.call('saveQuiz', admin.token, {
    title: 'Kept quiz',
    access_start: new Date(t.clock.now - 3_600_000).toISOString(),
    access_end: new Date(t.clock.now + 3_600_000).toISOString(),
    attempts_allowed: 2,
    parts: [{ item_id: item }],
  });
  const quizId = quiz.json().id as number;
  await t.call('sendQuiz', admin.token, { quiz_id: quizId, user_id: student.id });
  const start = async () =>
    (
      await t.call('startQuizAttempt', student.token, { user_id: student.id, quiz_id: quizId })
    ).json().attempt_id as number;
  const closed = await start();
  await t.call('submitQuizAttempt', student.token, { user_id: student.id, attempt_id: closed });
  named[KEPT_ANSWERS.quizReview] = `&attempt_id=${closed}`;
  named[KEPT_ANSWERS.getQuizAttempt] = `&attempt_id=${await start()}`;
  // The statement names its student `student_id` (money is not a teacher's to read as them).
  named[KEPT_ANSWERS.getStatement] = `&student_id=${student.id}`;
});
const keptUrl = (path: string) => `${path}?user_id=${student.id}${named[path] ?? ''}`;
afterAll(() => t.close());

const get = (path: string, token?: string, headers: Record<string, string> = {}) =>
  t.inject({
    method: 'GET',
    url: path,
    headers: { ...(token ? bearer(token) : {}), ...headers },
  });

describe('the answers kept for use offline', () => {
  it('are private, no-cache to their student: every kept call', async () => {
    for (const path of KEPT_ANSWER_PATHS) {
      const res = await get(keptUrl(path), student.token);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('private, no-cache');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
    }
  });

  it("stay so on the unread poll's version, and on its 304", async () => {
    const path = `${KEPT_ANSWERS.getNotifications}?user_id=${student.id}&only_unread=1`;
    const first = await get(path, student.token);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get(path, student.token, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });

  it("are no-store to staff, who read a student's for the student's page", async () => {
    for (const path of KEPT_ANSWER_PATHS) {
      const res = await get(keptUrl(path), admin.token);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
    // The unread poll's version too, which labels its answer for the browser's cache.
    const poll = `${KEPT_ANSWERS.getNotifications}?user_id=${student.id}&only_unread=1`;
    expect((await get(poll, admin.token)).headers['cache-control']).toBe('no-store');
  });

  it('are no-store when refused: signed out, or another student’s', async () => {
    const path = `${KEPT_ANSWERS.getResults}?user_id=${student.id}`;
    const signedOut = await get(path);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['cache-control']).toBe('no-store');
    const another = await get(path, other.token);
    expect(another.statusCode).toBe(403);
    expect(another.headers['cache-control']).toBe('no-store');
  });
});

describe('every other answer', () => {
  it("is no-store: the issue's downloads, exports, outbox and settings", async () => {
    const asAdmin: CallName[] = [
      'exportUsers',
      'listOutbox',
      'getEmailSettings',
      'getSmsGateway',
      'getSettings',
      'getUsers',
      'exportAttendanceWarnings',
    ];
    for (const name of asAdmin) {
      const res = await get(routes[name].path, admin.token);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['cache-control'], name).toBe('no-store');
    }
  });

  it("is no-store for a student's own call that is not kept, and a report card refused", async () => {
    for (const path of [
      `${routes.getLeitnerProgress.path}?user_id=${student.id}`,
      `${routes.getMessageChoices.path}`,
      `${routes.getReportCard.path}?result_id=999999`,
    ]) {
      const res = await get(path, student.token);
      expect(res.statusCode, path).toBeLessThan(500);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
  });
});

describe("a teacher's answers kept for use offline (issue 49, point 1)", () => {
  let sessionId: number;
  let teacher: TestUser;
  let otherTeacher: TestUser;
  beforeAll(async () => {
    const classId = (await t.call('createClass', admin.token, { name: 'Kept Day' })).json()
      .class_id;
    await t.call('addClassStudents', admin.token, { class_id: classId, user_ids: [student.id] });
    // The harness's today (2026-11-22), so the session is on the teacher's day.
    await t.call('saveClassSchedule', admin.token, {
      class_id: classId,
      weekdays: ['Sunday'],
      first_date: '2026-11-22',
      count: 1,
      time: '18:00',
    });
    const { sessions } = (
      await t.call('getClassSessions', admin.token, { class_id: classId })
    ).json();
    sessionId = sessions[0]?.id ?? 0;
    teacher = await t.teacher({ classIds: [classId] });
    otherTeacher = await t.teacher();
  });

  const rollPath = () => `${TEACHER_KEPT_ANSWERS.getRoll}?class_session_id=${sessionId}`;

  it('are private, no-cache to the teacher of the class: their day and its roll', async () => {
    const day = await get(TEACHER_KEPT_ANSWERS.getTeachingDay, teacher.token);
    expect(day.statusCode).toBe(200);
    expect(day.json().sessions.map((s: { id: number }) => s.id)).toContain(sessionId);
    expect(day.headers['cache-control']).toBe('private, no-cache');
    const roll = await get(rollPath(), teacher.token);
    expect(roll.statusCode).toBe(200);
    expect(roll.headers['cache-control']).toBe('private, no-cache');
  });

  it("are no-store to an administrator, to another class's teacher refused, and signed out", async () => {
    for (const path of TEACHER_KEPT_ANSWER_PATHS) {
      const res = await get(path === TEACHER_KEPT_ANSWERS.getRoll ? rollPath() : path, admin.token);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
    const refused = await get(rollPath(), otherTeacher.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cache-control']).toBe('no-store');
    // Another teacher's own day is their own (none of this class's sessions): kept for them.
    const theirs = await get(TEACHER_KEPT_ANSWERS.getTeachingDay, otherTeacher.token);
    expect(theirs.json().sessions).toEqual([]);
    expect(theirs.headers['cache-control']).toBe('private, no-cache');
    const signedOut = await get(rollPath());
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['cache-control']).toBe('no-store');
  });

  it("are no-store to a student, who may not read them, and a teacher's other roll calls stay no-store", async () => {
    expect((await get(rollPath(), student.token)).headers['cache-control']).toBe('no-store');
    const sessions = await get(`${routes.getClassSessions.path}?class_id=1`, teacher.token);
    expect(sessions.headers['cache-control']).toBe('no-store');
    const warnings = await get(routes.getAttendanceWarnings.path, teacher.token);
    expect(warnings.headers['cache-control']).toBe('no-store');
  });
});
