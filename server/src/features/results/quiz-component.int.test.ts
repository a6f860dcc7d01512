import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

/**
 * Issue 51, point 4: a quiz's mark on the result sheet, as a component of one quiz or the
 * average of a tag's quizzes of the term, each quiz's counting rule applied to the student's
 * closed attempts; a quiz missed counts 0 once its window has closed, and nothing before.
 */

let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let term: number;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  // The harness's clock: 2026-11-22, noon UTC.
  t = await createTestApp();
  admin = await t.admin({ name: 'Quiz Sheet Admin' });
  teacher = await t.teacher({ name: 'Quiz Sheet Teacher' });
  term = (
    await t.call('saveTerm', admin.token, {
      name: 'Autumn quizzes',
      first_day: '2026-09-01',
      last_day: '2026-12-20',
    })
  ).json().id;
});
afterAll(() => t.close());

async function classOf(name: string, students: TestUser[]) {
  const id = (await t.call('createClass', admin.token, { name })).json().class_id as number;
  await t.call('addClassStudents', admin.token, {
    class_id: id,
    user_ids: students.map((s) => s.id),
  });
  await t.call('setClassTeachers', admin.token, { class_id: id, teacher_ids: [teacher.id] });
  return id;
}

/**
 * A quiz sent to the students, written as the quizzes' own calls leave one (its parts do not
 * matter to the sheet): its window ends `endsIn` from now.
 */
async function quiz(
  title: string,
  options: { tag?: string; endsIn: number; counts?: string; outOf?: number; kind?: string },
  students: TestUser[],
) {
  const now = t.clock.now;
  const row = await t.database.db
    .insertInto('quizzes')
    .values({
      title,
      kind: options.kind ?? 'quiz',
      access_start: now - 30 * DAY,
      access_end: now + options.endsIn,
      time_limit_seconds: null,
      attempts_allowed: 0,
      counts: options.counts ?? 'highest',
      shuffle_items: 0,
      shuffle_options: 0,
      one_per_page: 1,
      review: '{}',
      cards: 'offer',
      out_of: options.outOf ?? 100,
      bands: null,
      class_id: null,
      practice_for: null,
      tag: options.tag ?? null,
      created_by: teacher.id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (students.length > 0)
    await t.database.db
      .insertInto('quiz_recipients')
      .values(students.map((s) => ({ quiz_id: row.id, user_id: s.id })))
      .execute();
  return row.id;
}

/** A closed attempt marked `hundredths` of the quiz's out-of (null: a spoken answer awaits). */
async function attempt(
  quizId: number,
  student: TestUser,
  number: number,
  hundredths: number | null,
  outOf = 100,
) {
  const now = t.clock.now;
  await t.database.db
    .insertInto('quiz_attempts')
    .values({
      quiz_id: quizId,
      user_id: student.id,
      number,
      layout: '[]',
      started_at: now - 20 * DAY,
      deadline: now - 20 * DAY + HOUR,
      submitted_at: now - 20 * DAY + HOUR / 2,
      closed_by: 'student',
      hundredths,
      out_of: outOf,
    })
    .execute();
}

const sheetOf = async (classId: number) => {
  const res = await t.call('getResultSheet', teacher.token, { class_id: classId, term_id: term });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const scoresOf = async (classId: number, student: TestUser) =>
  (await sheetOf(classId)).students.find((s) => s.id === student.id)?.scores;

describe('quizzes on the result sheet', () => {
  it('average a tag’s quizzes of the term, each by its own rule; a missed quiz counts 0 once closed', async () => {
    const ana = await t.student({ name: 'Quiz Ana' });
    const ben = await t.student({ name: 'Quiz Ben' });
    const classId = await classOf('Quiz Sheet Class', [ana, ben]);
    const saved = await t.call('saveResultScheme', admin.token, {
      class_id: classId,
      components: [
        { name: 'Vocabulary quizzes', weight: 60, source: 'quizzes', quiz_tag: ' Vocabulary ' },
        { name: 'All quizzes', weight: 40, source: 'quizzes' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const scheme = (await sheetOf(classId)).components;
    expect(scheme.map((c) => [c.source, c.quiz_tag ?? null])).toEqual([
      ['quizzes', 'Vocabulary'],
      ['quizzes', null],
    ]);

    // Two vocabulary quizzes closed in the term: highest of 60 and 80 → 80 %; last of 40, 70 → 70 %.
    const v1 = await quiz('Vocab 1', { tag: 'Vocabulary', endsIn: -5 * DAY }, [ana, ben]);
    await attempt(v1, ana, 1, 6000);
    await attempt(v1, ana, 2, 8000);
    const v2 = await quiz(
      'Vocab 2',
      { tag: 'Vocabulary', endsIn: -DAY, counts: 'last', outOf: 20 },
      [ana, ben],
    );
    await attempt(v2, ana, 1, 800, 20);
    await attempt(v2, ana, 2, 1400, 20);
    // A grammar quiz (50 %), a vocabulary quiz still open (not taken: nothing yet), a placement
    // test and a quiz of another term: none counts for the tag; the grammar one counts for all.
    const g = await quiz('Grammar', { tag: 'Grammar', endsIn: -2 * DAY }, [ana]);
    await attempt(g, ana, 1, 5000);
    await quiz('Vocab open', { tag: 'Vocabulary', endsIn: 3 * DAY }, [ana, ben]);
    const placement = await quiz('Placement', { endsIn: -DAY, kind: 'placement' }, [ana]);
    await attempt(placement, ana, 1, 1000);
    const old = await quiz('Last year', { tag: 'Vocabulary', endsIn: -200 * DAY }, [ana]);
    await attempt(old, ana, 1, 0);

    // Ana: vocabulary (80 + 70) / 2 = 75 %; all (80 + 70 + 50) / 3 = 66.67 %.
    expect(await scoresOf(classId, ana)).toEqual([7500, 6667]);
    // Ben took neither closed vocabulary quiz: 0 for each; the grammar quiz was not his.
    expect(await scoresOf(classId, ben)).toEqual([0, 0]);
  });

  it('counts one quiz whenever it ran, and waits while a spoken answer awaits its mark', async () => {
    const cai = await t.student({ name: 'Quiz Cai' });
    const classId = await classOf('One Quiz Class', [cai]);
    const final = await quiz('Final quiz', { endsIn: -DAY, counts: 'average' }, [cai]);
    const saved = await t.call('saveResultScheme', admin.token, {
      class_id: classId,
      components: [{ name: 'Final quiz', weight: 100, source: 'quizzes', quiz_id: final }],
    });
    expect(saved.statusCode).toBe(200);
    const sheet = await sheetOf(classId);
    expect(sheet.components[0]).toMatchObject({ quiz_id: final, quiz_title: 'Final quiz' });

    await attempt(final, cai, 1, 9000);
    await attempt(final, cai, 2, null);
    // The average waits for the second attempt's spoken answer.
    expect(await scoresOf(classId, cai)).toEqual([null]);
    await t.database.db
      .updateTable('quiz_attempts')
      .set({ hundredths: 7000 })
      .where('quiz_id', '=', final)
      .where('number', '=', 2)
      .execute();
    expect(await scoresOf(classId, cai)).toEqual([8000]);
  });

  it('refuses a quiz that is not one, a tag on another source, and a quiz and a tag at once', async () => {
    const classId = await classOf('Refusing Class', []);
    const placement = await quiz('A placement', { endsIn: -DAY, kind: 'placement' }, []);
    const save = (component: Record<string, unknown>) =>
      t.call('saveResultScheme', admin.token, {
        class_id: classId,
        components: [{ name: 'Quizzes', weight: 100, source: 'quizzes', ...component }],
      });
    const notAQuiz = await save({ quiz_id: placement });
    expect(notAQuiz.statusCode).toBe(400);
    expect(notAQuiz.json().message).toBe(
      'The quiz chosen for “Quizzes” no longer exists, or is not one a sheet counts.',
    );
    expect((await save({ quiz_id: placement, quiz_tag: 'x' })).json().message).toBe(
      'The component “Quizzes” names one quiz or a tag of quizzes, not both.',
    );
    expect((await save({ source: 'typed', quiz_tag: 'x' })).json().message).toBe(
      'The component “Quizzes” is not made of quizzes: only a quiz component names a quiz or a tag.',
    );
    expect((await save({ quiz_tag: 'x'.repeat(41) })).json().message).toBe(
      'A quiz tag must be at most 40 characters.',
    );
  });
});
