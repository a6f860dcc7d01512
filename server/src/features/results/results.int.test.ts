import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/index.js';
import { findClassHead } from '../../domain/classes.js';
import type { Tell } from '../../domain/tell.js';
import { findTerm } from '../../domain/terms.js';
import { createTestApp, present, type TestApp, type TestUser } from '../../test-support/harness.js';
import { finishedOrBlockedBy, pausedAfterRead } from '../../test-support/interleave.js';
import { workbookOf } from '../../test-support/workbook.js';
import { publishSheet } from './publish-data.js';
import { saveScores } from './score-data.js';
import { classLevelOf, sheetContext } from './sheet-data.js';

/**
 * Issue 30, points 3–4: a class's result sheet of a term (typed scores, and components computed
 * from the term's correction marks and the roll), the absence rule, and publishing: students
 * see nothing before it, then only their own; a result published again is marked changed.
 */

let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let outsider: TestUser;
let term: number;
beforeAll(async () => {
  // The harness's clock: 2026-11-22 (a Sunday), noon UTC.
  t = await createTestApp();
  admin = await t.admin({ name: 'Results Admin' });
  teacher = await t.teacher({ name: 'Results Teacher' });
  outsider = await t.teacher({ name: 'Other Teacher' });
  term = (
    await t.call('saveTerm', admin.token, {
      name: 'Autumn 2026',
      first_day: '2026-09-01',
      last_day: '2026-12-20',
    })
  ).json().id;
  // Absence limit 1: two absences put a student over it.
  await t.call('saveSettings', admin.token, {
    roll_rules: JSON.stringify({
      points: { present: 2, late: 1, absent: 0, excused: 1 },
      lates_per_absence: 2,
      warning_at: 1,
      absence_limit: 1,
    }),
  });
});
afterAll(() => t.close());

/** A class taught by the teacher, with three past Monday sessions; its id and session ids. */
async function classOf(name: string, students: TestUser[]) {
  const id = (await t.call('createClass', admin.token, { name })).json().class_id;
  await t.call('addClassStudents', admin.token, {
    class_id: id,
    user_ids: students.map((s) => s.id),
  });
  await t.call('setClassTeachers', admin.token, { class_id: id, teacher_ids: [teacher.id] });
  await t.call('saveClassSchedule', admin.token, {
    class_id: id,
    weekdays: ['Monday'],
    first_date: '2026-11-02',
    count: 3,
    time: '18:00',
  });
  const sessions = (await t.call('getClassSessions', admin.token, { class_id: id, when: 'past' }))
    .json()
    .sessions.map((s) => s.id);
  return { id, sessions };
}

/** The class's own scheme: a typed Midterm (40) and a typed Final (60). */
const midtermAndFinal = (classId: number) =>
  t.call('saveResultScheme', admin.token, {
    class_id: classId,
    components: [
      { key: 'k2', name: 'Midterm', weight: 40, source: 'typed' },
      { key: 'k3', name: 'Final', weight: 60, source: 'typed', final: true },
    ],
  });

const sheetOf = async (classId: number, as: TestUser = teacher) => {
  const res = await t.call('getResultSheet', as.token, { class_id: classId, term_id: term });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const type = (
  classId: number,
  scores: { student_id: number; component_key: string; score: string }[],
) => t.call('saveResultScores', teacher.token, { class_id: classId, term_id: term, scores });
const line = (sheet: Awaited<ReturnType<typeof sheetOf>>, student: TestUser) => {
  const found = sheet.students.find((s) => s.id === student.id);
  if (!found) throw new Error(`${student.name} is not on the sheet`);
  return found;
};

describe('a class’s result sheet', () => {
  it('follows the academy’s scheme, computes class activity and attendance, and totals once every score is in', async () => {
    const ana = await t.student({ name: 'Sheet Ana' });
    const ben = await t.student({ name: 'Sheet Ben' });
    const { id } = await classOf('Sheet Class', [ana, ben]);
    // The academy's scheme with attendance in place of the oral final.
    const academy = (await t.call('getResultScheme', admin.token, {})).json();
    expect(academy.components.map((c) => [c.key, c.name, c.weight, c.source, c.final])).toEqual([
      ['k1', 'Class activity', 20, 'activity', false],
      ['k2', 'Midterm', 30, 'typed', false],
      ['k3', 'Final written', 30, 'typed', true],
      ['k4', 'Final oral', 20, 'oral', true],
    ]);
    const own = await t.call('saveResultScheme', admin.token, {
      class_id: id,
      components: [
        { key: 'k1', name: 'Class activity', weight: 20, source: 'activity' },
        { key: 'k2', name: 'Midterm', weight: 30, source: 'typed' },
        { key: 'k3', name: 'Final written', weight: 30, source: 'typed', final: true },
        { name: 'Attendance', weight: 20, source: 'attendance' },
      ],
    });
    expect(own.json()).toEqual({ success: true, message: 'Sheet Class’s scheme is saved.' });

    // Ana: an essay 17/20 (85 %) and a quiz 7/10 (70 %) this term: activity 77.5.
    for (const [mark, outOf] of [
      ['17', '20'],
      ['7', '10'],
    ])
      await t.call('sendCorrection', admin, {
        user_id: String(ana.id),
        title: `Work ${mark}`,
        mark,
        mark_out_of: outOf,
      });
    const before = await sheetOf(id);
    expect(before.academy_scheme).toBe(false);
    expect(before.components.map((c) => c.key)).toEqual(['k1', 'k2', 'k3', 'k5']);
    expect(line(before, ana)).toMatchObject({
      // No roll yet: attendance has no score.
      scores: [7750, null, null, null],
      total: null,
      outcome: null,
      missing: ['Midterm', 'Final written', 'Attendance'],
      published: null,
    });

    // Rolls: Ana present, late, present (5 of 6 points); Ben present throughout.
    const { sessions } = await t
      .call('getClassSessions', admin.token, { class_id: id, when: 'past' })
      .then((r) => ({
        sessions: r
          .json()
          .sessions.map((s) => s.id)
          .reverse(),
      }));
    for (const [i, session] of sessions.entries())
      await t.call('saveRoll', teacher.token, {
        class_session_id: session,
        marks: i === 1 ? [{ user_id: ana.id, mark: 'late' }] : [],
      });

    const saved = await type(id, [
      { student_id: ana.id, component_key: 'k2', score: '80' },
      { student_id: ana.id, component_key: 'k3', score: '90,5' },
      { student_id: ben.id, component_key: 'k2', score: '60' },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('3 scores saved.');
    // 20 % × 77.5 + 30 % × 80 + 30 % × 90.5 + 20 % × 83.33 = 15.5 + 24 + 27.15 + 16.666 = 83.32
    const anaLine = saved.json().students.find((s: { id: number }) => s.id === ana.id);
    expect(anaLine).toMatchObject({
      scores: [7750, 8000, 9050, 8333],
      total: 8332,
      outcome: 'pass',
      eligible: true,
    });
    // Ben has no correction mark: no class activity score, so no total yet.
    expect(line(await sheetOf(id), ben)).toMatchObject({
      scores: [null, 6000, null, 10000],
      total: null,
      missing: ['Class activity', 'Final written'],
    });
    // Cleared with '': the cell is empty again.
    await type(id, [{ student_id: ana.id, component_key: 'k3', score: '' }]);
    expect(line(await sheetOf(id), ana).scores[2]).toBeNull();
  });

  it('refuses what cannot be typed, in words, and saves none of a batch with one bad cell', async () => {
    const cy = await t.student({ name: 'Sheet Cy' });
    const stranger = await t.student({ name: 'Sheet Stranger' });
    const { id } = await classOf('Refusing Class', [cy]);
    for (const [scores, words] of [
      [
        [{ student_id: cy.id, component_key: 'k2', score: '101' }],
        'Midterm: A score can be at most 100.',
      ],
      [
        [{ student_id: cy.id, component_key: 'k2', score: 'good' }],
        'Midterm: A score must be a number from 0 to 100, with at most two decimals.',
      ],
      [
        [{ student_id: cy.id, component_key: 'k1', score: '50' }],
        '“Class activity” is computed by the app; it cannot be typed.',
      ],
      [
        [{ student_id: cy.id, component_key: 'k77', score: '50' }],
        'That component is not on this class’s sheet.',
      ],
      [
        [
          { student_id: cy.id, component_key: 'k2', score: '50' },
          { student_id: stranger.id, component_key: 'k2', score: '50' },
        ],
        'A student of these scores is not in this class.',
      ],
    ] as const) {
      const res = await type(id, [...scores]);
      expect(res.statusCode, JSON.stringify(scores)).toBe(400);
      expect(res.json().message).toBe(words);
    }
    expect(line(await sheetOf(id), cy).scores[1]).toBeNull();
    const empty = await type(id, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('There is no score to save.');
  });

  it('a student over the absence limit is not eligible for the final and fails', async () => {
    const dan = await t.student({ name: 'Sheet Dan' });
    const { id, sessions } = await classOf('Absent Class', [dan]);
    await t.call('saveResultScheme', admin.token, {
      class_id: id,
      components: [
        { key: 'k2', name: 'Course work', weight: 70, source: 'typed' },
        { key: 'k3', name: 'Final', weight: 30, source: 'typed', final: true },
      ],
    });
    for (const session of sessions.slice(0, 2))
      await t.call('saveRoll', teacher.token, {
        class_session_id: session,
        marks: [{ user_id: dan.id, mark: 'absent' }],
      });
    await type(id, [{ student_id: dan.id, component_key: 'k2', score: '100' }]);
    const sheet = await sheetOf(id);
    expect(sheet.absence_limit).toBe(1);
    expect(line(sheet, dan)).toMatchObject({
      absences: 2,
      eligible: false,
      total: 7000,
      outcome: 'fail',
      missing: [],
    });
  });

  it('rounds each mark half up before the mean, and counts absences over every class but attendance over its own', async () => {
    const gus = await t.student({ name: 'Sheet Gus' });
    const { id, sessions } = await classOf('Rounding Class', [gus]);
    const other = await classOf('Other Rounding Class', [gus]);
    await t.call('saveResultScheme', admin.token, {
      class_id: id,
      components: [
        { key: 'k1', name: 'Class activity', weight: 50, source: 'activity' },
        { name: 'Attendance', weight: 50, source: 'attendance' },
      ],
    });
    // 2 of 3 is 66.67 %, 1 of 6 is 16.67 %: their mean is 41.67 (truncating would say 41.66).
    for (const [mark, outOf] of [
      ['2', '3'],
      ['1', '6'],
    ])
      await t.call('sendCorrection', admin, {
        user_id: String(gus.id),
        title: `Piece ${mark} of ${outOf}`,
        mark,
        mark_out_of: outOf,
      });
    // Present at each of this class's sessions, absent at two of the other class's.
    for (const session of sessions)
      await t.call('saveRoll', teacher.token, { class_session_id: session, marks: [] });
    for (const session of other.sessions.slice(0, 2))
      await t.call('saveRoll', teacher.token, {
        class_session_id: session,
        marks: [{ user_id: gus.id, mark: 'absent' }],
      });
    expect(line(await sheetOf(id), gus)).toMatchObject({
      scores: [4167, 10000],
      attendance: 10000,
      absences: 2,
      eligible: false,
    });
  });
});

describe('exam and Skill Builder marks', () => {
  it('count as a computed component: the mean of the items the student started in the term', async () => {
    const lee = await t.student({ name: 'Skills Lee' });
    const { id } = await classOf('Skills Class', [lee]);
    await t.call('saveResultScheme', admin.token, {
      class_id: id,
      components: [{ name: 'Exams', weight: 100, source: 'skills' }],
    });
    const HOUR = 3_600_000;
    for (const [title, outOf, typed] of [
      ['Unit test 1', '20', '15'],
      ['Unit test 2', '100', '90'],
    ] as const) {
      const item = (
        await t.call('saveSkillItem', admin, {
          kind: 'exam',
          title,
          access_start: new Date(t.clock.now - HOUR).toISOString(),
          access_end: new Date(t.clock.now + HOUR).toISOString(),
          link_url: 'https://files.example.com/unit.pdf',
          mark_out_of: outOf,
        })
      ).json().id as number;
      await t.call('updateAttempted', lee, { user_id: lee.id, exam_id: item });
      expect(
        (await t.call('markSkillAttempt', teacher, { item_id: item, user_id: lee.id, mark: typed }))
          .statusCode,
      ).toBe(200);
    }
    // 15 / 20 = 75 %, 90 %: a mean of 82.5.
    expect(line(await sheetOf(id), lee)).toMatchObject({
      scores: [8250],
      total: 8250,
      outcome: 'pass',
    });
  });
});

describe('publishing', () => {
  it('publishes the students with a total and names the rest; then freezes results, tells each student, and marks a later change', async () => {
    const eva = await t.student({ name: 'Pub Eva' });
    const fay = await t.student({ name: 'Pub Fay' });
    const { id } = await classOf('Pub Class', [eva, fay]);
    await midtermAndFinal(id);
    await type(id, [
      { student_id: eva.id, component_key: 'k2', score: '80' },
      { student_id: eva.id, component_key: 'k3', score: '70' },
      { student_id: fay.id, component_key: 'k2', score: '60' },
    ]);
    // Issue 49, point 9: one student without a total no longer stalls the class.
    const early = await t.call('publishResults', teacher.token, { class_id: id, term_id: term });
    expect(early.statusCode).toBe(200);
    expect(early.json()).toMatchObject({
      published: 1,
      changed: 0,
      not_ready: [{ id: fay.id, name: 'Pub Fay', why: 'no score for Final' }],
      withdrawn: [],
    });
    expect(early.json().message).toBe(
      'Autumn 2026 results of Pub Class published to 1 student. Not published yet, without a total: Pub Fay.',
    );
    // Fay, not ready, reads no result.
    expect((await t.call('getResults', fay.token, { user_id: fay.id })).json().results).toEqual([]);

    await type(id, [{ student_id: fay.id, component_key: 'k3', score: '65' }]);
    const published = await t.call('publishResults', teacher.token, {
      class_id: id,
      term_id: term,
    });
    expect(published.json()).toEqual({
      success: true,
      message: 'Autumn 2026 results of Pub Class published to 1 student.',
      published: 1,
      changed: 0,
      not_ready: [],
      withdrawn: [],
    });
    const sheet = await sheetOf(id, admin);
    expect(sheet.published_by).toBe('Results Teacher');
    expect(line(sheet, eva)).toMatchObject({
      published: { total: 7400, outcome: 'pass' },
      differs: false,
    });

    const evaResults = (await t.call('getResults', eva.token, { user_id: eva.id })).json().results;
    expect(evaResults).toEqual([
      expect.objectContaining({
        class_name: 'Pub Class',
        term: expect.objectContaining({ name: 'Autumn 2026' }),
        components: [
          { name: 'Midterm', weight: 40, final: false, score: 8000 },
          { name: 'Final', weight: 60, final: true, score: 7000 },
        ],
        total: 7400,
        outcome: 'pass',
        eligible: true,
        changed_at: null,
        certificate_code: expect.stringMatching(/^[A-Z2-9]{5}(-[A-Z2-9]{5}){3}$/),
      }),
    ]);
    // 40 % × 60 + 60 % × 65 = 63: below the conditional pass: no certificate.
    const fayResult = (await t.call('getResults', fay.token, { user_id: fay.id })).json()
      .results[0];
    expect(fayResult).toMatchObject({ total: 6300, outcome: 'fail', certificate_code: null });
    const told = (await t.call('getNotifications', fay.token, { user_id: fay.id })).json();
    expect(JSON.stringify(told)).toContain(
      'Your results for Autumn 2026 (Pub Class) are published: Fail, 63.',
    );

    // Publishing again with nothing changed changes nothing.
    const again = await t.call('publishResults', admin.token, { class_id: id, term_id: term });
    expect(again.json().message).toBe(
      'Autumn 2026 results of Pub Class: nothing changed since they were published.',
    );

    // Fay's final is corrected: the sheet says she differs; publishing marks her result changed.
    await type(id, [{ student_id: fay.id, component_key: 'k3', score: '70' }]);
    expect(line(await sheetOf(id), fay)).toMatchObject({
      total: 6600,
      outcome: 'conditional',
      differs: true,
    });
    expect(
      (await t.call('getResults', fay.token, { user_id: fay.id })).json().results[0]?.total,
    ).toBe(6300);
    const change = await t.call('publishResults', admin.token, { class_id: id, term_id: term });
    expect(change.json()).toMatchObject({ published: 0, changed: 1 });
    expect(change.json().message).toBe('Autumn 2026 results of Pub Class changed for 1 student.');
    const changed = (await t.call('getResults', fay.token, { user_id: fay.id })).json().results[0];
    expect(changed).toMatchObject({
      total: 6600,
      outcome: 'conditional',
      changed_at: expect.any(Number),
    });
    const toldAgain = JSON.stringify(
      (await t.call('getNotifications', fay.token, { user_id: fay.id })).json(),
    );
    expect(toldAgain).toContain(
      'Your result for Autumn 2026 (Pub Class) was changed: Conditional pass, 66.',
    );
    // The audit log names who published.
    const log = (await t.call('auditLog', admin.token, { action: 'publishResults' })).json();
    expect(JSON.stringify(log)).toContain('Results Admin');
  });
});

describe('publishing twice at once', () => {
  it('tells a changed result once when Publish is tapped twice', async () => {
    const gus = await t.student({ name: 'Twice Gus' });
    const { id } = await classOf('Twice Class', [gus]);
    await midtermAndFinal(id);
    await type(id, [
      { student_id: gus.id, component_key: 'k2', score: '80' },
      { student_id: gus.id, component_key: 'k3', score: '70' },
    ]);
    await t.call('publishResults', teacher.token, { class_id: id, term_id: term });
    await type(id, [{ student_id: gus.id, component_key: 'k3', score: '90' }]);

    const db = t.database.db;
    const found = await findClassHead(db, id);
    const termRow = await findTerm(db, term);
    if (!found || !termRow) throw new Error('no class or term');
    const cls = { ...found, level: await classLevelOf(db, id) };
    const context = sheetContext(t.app.settings.current, t.clock.now);
    const told: string[] = [];
    const tell: Tell = async (_trx, news) => {
      for (const one of [news].flat()) told.push(one.text);
    };
    const publish = (on: Db) =>
      publishSheet(on, cls, termRow, context, { userId: admin.id, now: t.clock.now, tell });
    // The second tap publishes whole while the first is still reading the sheet.
    let second: ReturnType<typeof publish> = Promise.resolve({ refused: 'not yet' });
    const paused = pausedAfterRead(db, { from: 'term_results' }, async () => {
      second = publish(db);
      await second;
    });
    const first = await publish(paused);
    expect(await second).toMatchObject({ changed: [gus.id] });
    expect(first).toMatchObject({ changed: [], unchanged: 1 });
    expect(told).toEqual(['Your result for Autumn 2026 (Twice Class) was changed: Pass, 86.']);
  });
});

describe('who may see and change results', () => {
  it('a student reads only their own; a teacher only their classes’; an outsider teacher nothing', async () => {
    const gil = await t.student({ name: 'Who Gil' });
    const hal = await t.student({ name: 'Who Hal' });
    const { id } = await classOf('Who Class', [gil]);
    const asHal = await t.call('getResults', hal.token, { user_id: gil.id });
    expect(asHal.statusCode).toBe(403);
    const sheet = await t.call('getResultSheet', outsider.token, { class_id: id, term_id: term });
    expect(sheet.statusCode).toBe(403);
    const typed = await t.call('saveResultScores', outsider.token, {
      class_id: id,
      term_id: term,
      scores: [{ student_id: gil.id, component_key: 'k2', score: '10' }],
    });
    expect(typed.statusCode).toBe(403);
    const publish = await t.call('publishResults', outsider.token, { class_id: id, term_id: term });
    expect(publish.statusCode).toBe(403);
    expect((await t.call('getResults', teacher.token, { user_id: gil.id })).statusCode).toBe(200);
    expect((await t.call('getResults', outsider.token, { user_id: gil.id })).statusCode).toBe(403);
    const scheme = await t.call('saveResultScheme', teacher.token, {
      class_id: id,
      components: [{ key: 'k2', name: 'All', weight: 100, source: 'typed' }],
    });
    expect(scheme.statusCode).toBe(403);
  });

  it('names an unknown class or term in words', async () => {
    const missingTerm = await t.call('getResultSheet', admin.token, {
      class_id: 1,
      term_id: 999_999,
    });
    expect(missingTerm.statusCode).toBe(404);
    const missingClass = await t.call('getResultSheet', admin.token, {
      class_id: 999_999,
      term_id: term,
    });
    expect(missingClass.statusCode).toBe(404);
    expect(JSON.parse(missingClass.body).message).toBe('Class not found.');
  });
});

describe('the scheme and bands', () => {
  it('keeps a component’s typed scores when it is renamed, drops them when it is removed, and bands move outcomes', async () => {
    const ivy = await t.student({ name: 'Scheme Ivy' });
    const { id } = await classOf('Scheme Class', [ivy]);
    const save = (components: Record<string, unknown>[]) =>
      t.callUnchecked('saveResultScheme', admin.token, { class_id: id, components });
    await save([
      { key: 'k2', name: 'Midterm', weight: 50, source: 'typed' },
      { key: 'k3', name: 'Final', weight: 50, source: 'typed' },
    ]);
    await type(id, [
      { student_id: ivy.id, component_key: 'k2', score: '68' },
      { student_id: ivy.id, component_key: 'k3', score: '68' },
    ]);
    expect(line(await sheetOf(id), ivy)).toMatchObject({ total: 6800, outcome: 'conditional' });
    const bands = await t.call('saveResultBands', admin.token, {
      pass_at: 60,
      conditional_at: null,
    });
    expect(bands.json()).toEqual({ success: true, message: 'The bands are saved.' });
    expect(line(await sheetOf(id), ivy)).toMatchObject({ outcome: 'pass' });
    await t.call('saveResultBands', admin.token, { pass_at: 70, conditional_at: 65 });

    await save([{ key: 'k2', name: 'Mid-course test', weight: 100, source: 'typed' }]);
    expect(line(await sheetOf(id), ivy)).toMatchObject({ scores: [6800], total: 6800 });
    // k3 is gone, and its scores with it: a new component taking its key starts empty.
    await save([
      { key: 'k2', name: 'Mid-course test', weight: 50, source: 'typed' },
      { name: 'Project', weight: 50, source: 'typed' },
    ]);
    const sheet = await sheetOf(id);
    expect(sheet.components.map((c) => c.key)).toEqual(['k2', 'k3']);
    expect(line(sheet, ivy).scores).toEqual([6800, null]);

    for (const [components, words] of [
      [
        [{ key: 'k2', name: 'A', weight: 60, source: 'typed' }],
        'The weights must add up to 100; these add up to 60.',
      ],
      [
        [{ key: 'k99', name: 'A', weight: 100, source: 'typed' }],
        'The components’ keys are not valid.',
      ],
      [
        [{ name: 'A', weight: 100, source: 'guessed' }],
        'Please choose where each component comes from.',
      ],
    ] as const) {
      const res = await save([...components]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(words);
    }
    const back = await t.call('saveResultScheme', admin.token, {
      class_id: id,
      use_academy: true,
    });
    expect(back.json().message).toBe('Scheme Class follows the academy’s scheme again.');
    expect((await sheetOf(id)).academy_scheme).toBe(true);
    const wrongBands = await t.call('saveResultBands', admin.token, {
      pass_at: 60,
      conditional_at: 65,
    });
    expect(wrongBands.statusCode).toBe(400);
    expect(wrongBands.json().message).toBe('The conditional pass must start below the pass mark.');
  });
});

describe('a score typed as its component is removed (PostgreSQL)', () => {
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'leaves no score of the removed component for the next one to take',
    async () => {
      const db = t.database.db;
      const kim = await t.student({ name: 'Kim Typed' });
      const { id } = await classOf('Removed Meanwhile', [kim]);
      await t.call('saveResultScheme', admin.token, {
        class_id: id,
        components: [
          { key: 'k2', name: 'Midterm', weight: 50, source: 'typed' },
          { key: 'k3', name: 'Final', weight: 50, source: 'typed' },
        ],
      });
      // The administrator removes the Final just after the teacher's save has read the scheme.
      let removed: Promise<unknown> = Promise.resolve();
      const paused = pausedAfterRead(db, { from: 'class_students' }, async (trx) => {
        removed = t.call('saveResultScheme', admin.token, {
          class_id: id,
          components: [{ key: 'k2', name: 'Midterm', weight: 100, source: 'typed' }],
        });
        await finishedOrBlockedBy(db, removed, trx);
      });
      await saveScores(
        paused,
        { classId: id, termId: term },
        [{ student_id: kim.id, component_key: 'k3', score: '70' }],
        { userId: teacher.id, now: t.clock.now },
      );
      await removed;
      const left = await db
        .selectFrom('result_scores')
        .select('component_key')
        .where('class_id', '=', id)
        .where('user_id', '=', kim.id)
        .execute();
      expect(left).toEqual([]);
    },
  );
});

describe('out of the app', () => {
  it('exports the sheet as CSV, and reads it back as an import: typed columns only, every problem named', async () => {
    const jo = await t.student({ name: 'Csv Jo' });
    const kim = await t.student({ name: 'Csv Kim' });
    const { id } = await classOf('Csv Class', [jo, kim]);
    await t.call('saveResultScheme', admin.token, {
      class_id: id,
      components: [
        { key: 'k1', name: 'Class activity', weight: 20, source: 'activity' },
        { key: 'k2', name: 'Midterm', weight: 40, source: 'typed' },
        { key: 'k3', name: 'Final', weight: 40, source: 'typed', final: true },
      ],
    });
    await type(id, [{ student_id: jo.id, component_key: 'k2', score: '72.5' }]);
    const exported = (
      await t.call('exportResultSheet', teacher.token, { class_id: id, term_id: term })
    ).json();
    expect(exported.file_name).toMatch(/^results-csv-class-autumn-2026-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(exported.csv.split('\r\n')).toEqual([
      '\uFEFFstudent,username,Class activity,Midterm,Final,total,outcome',
      `Csv Jo,${jo.username},,72.5,,,`,
      `Csv Kim,${kim.username},,,,,`,
    ]);

    // The same sheet as a spreadsheet: scores as numbers.
    const xlsx = await t.call('exportResultSheetXlsx', teacher.token, {
      class_id: id,
      term_id: term,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(String(xlsx.headers['content-disposition'])).toMatch(
      /attachment; filename="results-csv-class-autumn-2026-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const book = await workbookOf(xlsx);
    const sheet = present(book.worksheets[0], 'a worksheet');
    expect(sheet.name).toBe('Csv Class Autumn 2026');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'student',
      'username',
      'Class activity',
      'Midterm',
      'Final',
      'total',
      'outcome',
    ]);
    expect(sheet.getRow(2).getCell(1).value).toBe('Csv Jo');
    expect(sheet.getRow(2).getCell(4).value).toBe(72.5);

    // The export filled in: Kim by name, Jo by username, and rows the import cannot take.
    const csv = [
      'student,username,Class activity,Midterm,Final,total,outcome',
      `,${jo.username},50,80,91,,`,
      'Csv Kim,,,65,abc,,',
      'Nobody Here,,,50,50,,',
    ].join('\n');
    const preview = await t.call('previewResultImport', teacher.token, {
      class_id: id,
      term_id: term,
      csv,
    });
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body.columns).toEqual([
      { key: 'k2', name: 'Midterm' },
      { key: 'k3', name: 'Final' },
    ]);
    expect(body.ignored).toEqual([
      'Class activity: computed by the app',
      'total: worked out by the app',
      'outcome: worked out by the app',
    ]);
    expect(body.rows.map((r) => [r.row, r.student, r.problems])).toEqual([
      [3, 'Csv Kim', ['Final: A score must be a number from 0 to 100, with at most two decimals.']],
      [4, 'Nobody Here', ['Nobody Here is not a student of this class.']],
      [2, jo.username, []],
    ]);
    expect(body.ready_count).toBe(2);
    expect(body.message).toBe(
      '2 scores of 1 student will be saved. 2 rows have problems and are skipped.',
    );
    // The preview wrote nothing.
    expect(line(await sheetOf(id), jo).scores).toEqual([null, 7250, null]);

    for (const [file, words] of [
      [
        'Midterm,Final\n80,90',
        'The first row must name the columns: student (or username), then the components to import, as the sheet’s export names them.',
      ],
      [
        'student,Class activity\nCsv Jo,50',
        'The file has no column for a typed component; this class’s are: Midterm, Final.',
      ],
      ['student,Midterm\n', 'The file has no students under its header row.'],
    ] as const) {
      const res = await t.call('previewResultImport', teacher.token, {
        class_id: id,
        term_id: term,
        csv: file,
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body).message).toBe(words);
    }
  });
});
