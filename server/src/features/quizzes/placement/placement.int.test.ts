import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test-support/harness.js';
import { insertItem } from '../../../test-support/quiz-world.js';
import { classOf, HOUR, iso } from '../taking/quiz-fixtures.js';

/**
 * Issue 51, point 9: a placement test's bands suggest a level for a new student, shown on their
 * page with the answers; an administrator sees the open classes of that level to put them in.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let otherTeacher: TestUser;
let newcomer: TestUser;
let items: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  teacher = await t.teacher({ name: 'Placing Teacher' });
  otherTeacher = await t.teacher({ name: 'Other Placing Teacher' });
  newcomer = await t.student({ name: 'New Nadia' });
  // The newcomer is in their teacher's welcome class; three classes have levels.
  await classOf(t, admin, 'Welcome', [newcomer], [teacher]);
  for (const [name, level] of [
    ['B1 Evening', 'B1'],
    ['Intermediate b1 mornings', 'Intermediate (B1)'],
    ['A2 Weekend', 'A2'],
  ] as const) {
    const id = await classOf(t, admin, name, []);
    await t.call('setClassLevel', admin.token, { class_id: id, level, next_class_id: null });
  }
  items = [];
  for (const n of [1, 2, 3, 4])
    items.push(
      await insertItem(
        t.database.db,
        {
          prompt: `Placement statement ${n}`,
          body: { type: 'true_false' },
          key: { type: 'true_false', answer: true },
          points: 1,
        },
        admin.id,
        t.clock.now,
      ),
    );
});
afterAll(() => t.close());

/** The newcomer takes a placement test answering `right` of its four items right. */
async function takePlacement(right: number) {
  const saved = await t.call('saveQuiz', admin.token, {
    title: `Placement ${right}`,
    kind: 'placement',
    access_start: iso(t.clock.now - HOUR),
    access_end: iso(t.clock.now + HOUR),
    bands: [
      { level: 'A1', from_percent: 0 },
      { level: 'A2', from_percent: 40 },
      { level: 'B1', from_percent: 70 },
    ],
    parts: items.map((item_id) => ({ item_id })),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const quizId = saved.json().id as number;
  await t.call('sendQuiz', admin.token, { quiz_id: quizId, user_id: newcomer.id });
  const started = await t.call('startQuizAttempt', newcomer.token, {
    user_id: newcomer.id,
    quiz_id: quizId,
  });
  const attemptId = started.json().attempt_id as number;
  const answers = [0, 1, 2, 3].map((position) => ({
    position,
    response: { type: 'true_false' as const, answer: position < right },
  }));
  await t.call('saveQuizAnswers', newcomer.token, {
    user_id: newcomer.id,
    attempt_id: attemptId,
    answers,
  });
  const submitted = await t.call('submitQuizAttempt', newcomer.token, {
    user_id: newcomer.id,
    attempt_id: attemptId,
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return { quizId, attemptId };
}

const placementsOf = (as: TestUser) =>
  t.call('studentPlacements', as.token, { user_id: newcomer.id });

describe('a placement test', () => {
  it('suggests the level its bands give the mark, with the classes of that level for an administrator', async () => {
    const none = await placementsOf(admin);
    expect(none.json()).toEqual({ success: true, placements: [] });

    const { quizId, attemptId } = await takePlacement(3);
    const res = await placementsOf(admin);
    expect(res.statusCode, res.body).toBe(200);
    const [placement] = res.json().placements;
    // 3 of 4 is 75 %: B1 from 70 %.
    expect(placement).toMatchObject({
      quiz_id: quizId,
      quiz_title: 'Placement 3',
      attempt_id: attemptId,
      mark: { hundredths: 7500, out_of: 100 },
      suggested_level: 'B1',
    });
    expect(placement?.classes.map((c) => c.name)).toEqual([
      'B1 Evening',
      'Intermediate b1 mornings',
    ]);

    // Put in the B1 class, it is no longer offered.
    const b1 = placement?.classes[0]?.id as number;
    await t.call('addClassStudents', admin.token, { class_id: b1, user_ids: [newcomer.id] });
    const after = (await placementsOf(admin)).json().placements[0];
    expect(after?.classes.map((c) => c.name)).toEqual(['Intermediate b1 mornings']);
  });

  it('shows a newer test first, and the teacher the suggestion without the classes', async () => {
    await takePlacement(2);
    const res = await placementsOf(teacher);
    expect(res.statusCode, res.body).toBe(200);
    const placements = res.json().placements;
    expect(placements.map((p) => [p.quiz_title, p.suggested_level, p.classes.length])).toEqual([
      ['Placement 2', 'A2', 0],
      ['Placement 3', 'B1', 0],
    ]);
  });

  it('is refused to a teacher who does not teach the student, and to students', async () => {
    const other = await placementsOf(otherTeacher);
    expect(other.statusCode).toBe(403);
    const student = await placementsOf(newcomer);
    expect(student.statusCode).toBe(403);
  });
});
