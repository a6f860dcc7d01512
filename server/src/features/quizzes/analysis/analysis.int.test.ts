import type { ItemResponse } from '@academy/contract/quizzes/items';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test-support/harness.js';
import { workbookOf } from '../../../test-support/workbook.js';
import { classOf, HOUR, insertItem, iso } from '../taking/quiz-fixtures.js';

/**
 * Issue 51, point 7: a quiz's item analysis from its students' attempts, as an administrator
 * (every student) and as a teacher (their own students only), and its files.
 *
 * Four one-point items, answered so the figures can be worked out by hand. Tess's six students
 * (t1…t6) answer in three pairs of marks (75 %, 50 %, 25 %); Otto's six (o1…o6) all score 75 %.
 * Item 4's key names "in" while the stronger students choose "on": a wrong key.
 */
let t: TestApp;
let admin: TestUser;
let tess: TestUser;
let otto: TestUser;
let nobodysTeacher: TestUser;
let tStudents: TestUser[];
let oStudents: TestUser[];
let quizId: number;
let emptyQuizId: number;
let items: number[];

type Answers = [ItemResponse | null, ItemResponse | null, ItemResponse | null, ItemResponse | null];
const choice = (...chosen: string[]): ItemResponse => ({ type: 'choice', chosen });
const tf = (answer: boolean): ItemResponse => ({ type: 'true_false', answer });
const typed = (text: string): ItemResponse => ({ type: 'short', text });

/** Tess's students' answers: t1, t2 at 3 of 4; t3, t4 at 2 of 4; t5, t6 at 1 of 4. */
const T_ANSWERS: Answers[] = [
  [choice('a'), tf(true), typed('went'), choice('a')],
  [choice('a'), tf(true), typed('Went'), choice('a')],
  [choice('a'), tf(true), typed('goed'), choice('a')],
  [choice('b'), tf(true), typed('goed'), choice('b')],
  [choice('b'), tf(false), typed('Goed.'), choice('b')],
  [choice('c'), tf(false), null, choice('b')],
];
/** Otto's students all answer as t1. */
const O_ANSWERS: Answers = [choice('a'), tf(true), typed('went'), choice('a')];

async function take(student: TestUser, quiz: number, answers: Answers) {
  const started = await t.call('startQuizAttempt', student.token, {
    user_id: student.id,
    quiz_id: quiz,
  });
  expect(started.statusCode, started.body).toBe(200);
  const attemptId = started.json().attempt_id;
  const given = answers.flatMap((response, position) =>
    response === null ? [] : [{ position, response }],
  );
  const saved = await t.call('saveQuizAnswers', student.token, {
    user_id: student.id,
    attempt_id: attemptId,
    answers: given,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const submitted = await t.call('submitQuizAttempt', student.token, {
    user_id: student.id,
    attempt_id: attemptId,
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  tess = await t.teacher({ name: 'Tess Teacher' });
  otto = await t.teacher({ name: 'Otto Teacher' });
  nobodysTeacher = await t.teacher({ name: 'Nora Teacher' });
  tStudents = [];
  oStudents = [];
  for (let i = 1; i <= 6; i++) tStudents.push(await t.student({ name: `T${i} Student` }));
  for (let i = 1; i <= 6; i++) oStudents.push(await t.student({ name: `O${i} Student` }));
  const late = await t.student({ name: 'Late Student' });
  const tClass = await classOf(t, admin, 'B1 Evening', [...tStudents, late], [tess]);
  const oClass = await classOf(t, admin, 'B1 Morning', oStudents, [otto]);
  const db = t.database.db;
  const at = t.clock.now;
  items = [
    await insertItem(
      db,
      {
        prompt: 'The capital of France?',
        body: {
          type: 'choice',
          multiple: false,
          options: [
            { id: 'a', text: 'Paris' },
            { id: 'b', text: 'Rome' },
            { id: 'c', text: 'Madrid' },
          ],
        },
        key: { type: 'choice', credit: { a: 100 } },
        points: 1,
      },
      admin.id,
      at,
    ),
    await insertItem(
      db,
      {
        prompt: 'The sun is a star.',
        body: { type: 'true_false' },
        key: { type: 'true_false', answer: true },
        points: 1,
      },
      admin.id,
      at,
    ),
    await insertItem(
      db,
      {
        prompt: 'The past of "go"?',
        body: { type: 'short' },
        key: { type: 'short', accepted: [{ text: 'went', percent: 100 }], typo: 'none' },
        points: 1,
      },
      admin.id,
      at,
    ),
    await insertItem(
      db,
      {
        prompt: 'We met ___ Monday.',
        body: {
          type: 'choice',
          multiple: false,
          options: [
            { id: 'a', text: 'on' },
            { id: 'b', text: 'in' },
          ],
        },
        key: { type: 'choice', credit: { b: 100 } },
        points: 1,
      },
      admin.id,
      at,
    ),
  ];
  const window = { access_start: iso(at - HOUR), access_end: iso(at + 24 * HOUR) };
  const made = await t.call('saveQuiz', admin.token, {
    title: 'Week 3 check',
    ...window,
    attempts_allowed: 2,
    parts: items.map((item_id) => ({ item_id })),
  });
  expect(made.statusCode, made.body).toBe(200);
  quizId = made.json().id;
  const empty = await t.call('saveQuiz', admin.token, {
    title: 'Nobody took this',
    ...window,
    parts: [{ item_id: items[0] as number }],
  });
  emptyQuizId = empty.json().id;
  for (const class_id of [tClass, oClass]) {
    for (const quiz_id of [quizId, emptyQuizId]) {
      const sent = await t.call('sendQuiz', admin.token, { quiz_id, class_id });
      expect(sent.statusCode, sent.body).toBe(200);
    }
  }
  for (const [i, student] of tStudents.entries())
    await take(student, quizId, T_ANSWERS[i] as Answers);
  for (const student of oStudents) await take(student, quizId, O_ANSWERS);
  // A second attempt (all wrong) is not counted: only each student's first is.
  await take(tStudents[0] as TestUser, quizId, [choice('c'), tf(false), typed('x'), choice('a')]);
  // An attempt still going on counts for nothing yet.
  await t.call('startQuizAttempt', late.token, { user_id: late.id, quiz_id: quizId });
});
afterAll(() => t.close());

const analysisAs = async (user: TestUser, quiz = quizId) => {
  const res = await t.call('quizAnalysis', user.token, { quiz_id: quiz });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('a quiz’s item analysis', () => {
  it('gives an administrator every student’s first closed attempt, item by item', async () => {
    const analysis = await analysisAs(admin);
    expect(analysis.quiz).toEqual({ id: quizId, title: 'Week 3 check', out_of: 100 });
    // Twelve first attempts: 2 at 25 %, 2 at 50 %, 8 at 75 %.
    expect(analysis.marks).toEqual({
      count: 12,
      awaiting_marks: 0,
      mean: 0.625,
      median: 0.75,
      distribution: [0, 0, 2, 0, 0, 2, 0, 8, 0, 0].map((count, i) => ({
        from: i * 10,
        to: i * 10 + 10,
        count,
      })),
    });
    const [paris, sun, went, monday] = analysis.items;
    expect(analysis.items.map((i) => [i.number, i.item_id, i.type, i.drawn])).toEqual([
      [1, items[0], 'choice', false],
      [2, items[1], 'true_false', false],
      [3, items[2], 'short', false],
      [4, items[3], 'choice', false],
    ]);
    // Bottom third: t5, t6, t3, t4; top third: four of the eight at 75 %, all alike.
    expect(paris).toMatchObject({
      prompt: 'The capital of France?',
      answered: 12,
      facility: 0.75,
      discrimination: 0.75,
      common_wrong: 'Rome',
      common_wrong_count: 2,
      dubious: [],
    });
    expect(sun).toMatchObject({ facility: 0.8333, discrimination: 0.5, common_wrong: 'False' });
    // Typed answers are compared as normalised: "goed", "Goed." are one wrong answer.
    expect(went).toMatchObject({ facility: 0.6667, common_wrong: 'goed', common_wrong_count: 3 });
    expect(monday).toMatchObject({
      facility: 0.25,
      discrimination: -0.75,
      common_wrong: 'on',
      common_wrong_count: 9,
      dubious: [
        'Students with low marks did better on it than students with high marks: check the key.',
        'A wrong answer was chosen more often than the right one: check the key.',
      ],
    });
  });

  it('gives a teacher their own students’ attempts only', async () => {
    const analysis = await analysisAs(tess);
    expect(analysis.marks).toMatchObject({ count: 6, mean: 0.5, median: 0.5 });
    const [paris, , went, monday] = analysis.items;
    expect(paris).toMatchObject({
      answered: 6,
      facility: 0.5,
      discrimination: 1,
      common_wrong: 'Rome',
      common_wrong_count: 2,
    });
    expect(went).toMatchObject({ facility: 0.3333, common_wrong: 'goed', common_wrong_count: 3 });
    // Six attempts give a discrimination, but too few to flag anything.
    expect(monday).toMatchObject({ facility: 0.5, discrimination: -1, dubious: [] });
    // Otto sees the quiz (it went to his students) and his six 75 % attempts alone.
    const others = await analysisAs(otto);
    expect(others.marks).toMatchObject({ count: 6, mean: 0.75, median: 0.75 });
    expect(others.items[0]).toMatchObject({ facility: 1, common_wrong: null });
  });

  it('gives a quiz without attempts an empty analysis', async () => {
    const analysis = await analysisAs(admin, emptyQuizId);
    expect(analysis.items).toEqual([]);
    expect(analysis.marks).toMatchObject({ count: 0, mean: null, median: null });
    expect(analysis.marks.distribution.every((band) => band.count === 0)).toBe(true);
  });

  it('refuses a student, and a teacher the quiz never reached', async () => {
    const student = tStudents[0] as TestUser;
    const res = await t.call('quizAnalysis', student.token, { quiz_id: quizId });
    expect(res.statusCode).toBe(403);
    const outside = await t.call('quizAnalysis', nobodysTeacher.token, { quiz_id: quizId });
    expect(outside.statusCode).toBe(403);
    const missing = await t.call('quizAnalysis', admin.token, { quiz_id: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body).message).toBe('No such quiz.');
  });
});

describe('the analysis’ files', () => {
  it('writes a CSV row per item, in words', async () => {
    const res = await t.call('exportQuizAnalysis', tess.token, { quiz_id: quizId });
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json();
    expect(file.count).toBe(4);
    expect(file.file_name).toMatch(/^item-analysis-week-3-check-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = file.csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'number,question,type,drawn,answered,facility (%),discrimination,most common wrong answer,chosen by,median time (s),dubious',
    );
    expect(lines[1]).toMatch(/^1,The capital of France\?,Multiple choice,no,6,50,1,Rome,2,/);
    expect(lines).toHaveLength(5);
  });

  it('writes an XLSX workbook with the items and the marks', async () => {
    const res = await t.call('exportQuizAnalysisXlsx', admin.token, { quiz_id: quizId });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = await workbookOf(res);
    const sheet = book.getWorksheet('Items');
    expect(sheet?.getRow(5).getCell(8).value).toBe('on');
    expect(sheet?.getRow(5).getCell(6).value).toBe(25);
    const marks = book.getWorksheet('Marks');
    expect(marks?.getRow(1).values).toEqual([undefined, 'attempts counted', 12]);
  });
});

describe('an attempt waiting for a teacher’s mark', () => {
  it('is left out and counted as waiting until it is marked', async () => {
    // As a spoken answer leaves it: closed, no mark yet (taking's own tests mark one for real).
    const student = oStudents[0] as TestUser;
    const db = t.database.db;
    const before = await db
      .selectFrom('quiz_attempts')
      .select(['id', 'hundredths'])
      .where('quiz_id', '=', quizId)
      .where('user_id', '=', student.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('quiz_attempts')
      .set({ hundredths: null, awaiting_marks: 1 })
      .where('id', '=', before.id)
      .execute();
    try {
      const analysis = await analysisAs(otto);
      expect(analysis.marks).toMatchObject({ count: 5, awaiting_marks: 1 });
      expect(analysis.items[0]).toMatchObject({ answered: 5 });
    } finally {
      await db
        .updateTable('quiz_attempts')
        .set({ hundredths: before.hundredths, awaiting_marks: 0 })
        .where('id', '=', before.id)
        .execute();
    }
  });
});
