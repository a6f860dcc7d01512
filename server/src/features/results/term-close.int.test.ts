import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

/**
 * Issue 49, points 9 and 11: a component excused (its weight spread over the rest) or
 * overridden with a reason, publishing the students who are ready and naming the rest, and a
 * certificate withdrawn by publishing again, which the public check says in words.
 */

let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let outsider: TestUser;
let term: number;
beforeAll(async () => {
  // The harness's clock: 2026-11-22, noon UTC; in Auckland already November 23.
  t = await createTestApp();
  admin = await t.admin({ name: 'Close Admin' });
  teacher = await t.teacher({ name: 'Close Teacher' });
  outsider = await t.teacher({ name: 'Close Outsider' });
  term = (
    await t.call('saveTerm', admin.token, {
      name: 'Autumn 2026',
      first_day: '2026-09-01',
      last_day: '2026-12-20',
    })
  ).json().id;
  const zone = await t.call('saveSettings', admin.token, { time_zone: 'Pacific/Auckland' });
  expect(zone.statusCode, zone.body).toBe(200);
});
afterAll(() => t.close());

/** A class of the teacher with class activity 20 (computed), midterm 30 and final 50 (typed). */
async function classOf(name: string, students: TestUser[]) {
  const id = (await t.call('createClass', admin.token, { name })).json().class_id;
  await t.call('addClassStudents', admin.token, {
    class_id: id,
    user_ids: students.map((s) => s.id),
  });
  await t.call('setClassTeachers', admin.token, { class_id: id, teacher_ids: [teacher.id] });
  await t.call('saveResultScheme', admin.token, {
    class_id: id,
    components: [
      { key: 'k1', name: 'Class activity', weight: 20, source: 'activity' },
      { key: 'k2', name: 'Midterm', weight: 30, source: 'typed' },
      { key: 'k3', name: 'Final', weight: 50, source: 'typed', final: true },
    ],
  });
  return id;
}

const typeScores = async (classId: number, student: TestUser, midterm: string, final: string) => {
  const res = await t.call('saveResultScores', teacher.token, {
    class_id: classId,
    term_id: term,
    scores: [
      { student_id: student.id, component_key: 'k2', score: midterm },
      { student_id: student.id, component_key: 'k3', score: final },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
};

const adjust = (
  classId: number,
  student: TestUser,
  change: {
    component_key: string;
    kind: 'excused' | 'override' | 'none';
    score?: string;
    reason?: string;
  },
  as: TestUser = teacher,
) =>
  t.call('saveResultAdjustment', as.token, {
    class_id: classId,
    term_id: term,
    student_id: student.id,
    ...change,
  });

describe('excusing and overriding a component', () => {
  it('an excused component is left out and its weight spread over the rest; excusing all leaves no total', async () => {
    const ida = await t.student({ name: 'Excused Ida' });
    const id = await classOf('Excuse Class', [ida]);
    await typeScores(id, ida, '80', '70');
    const before = (
      await t.call('getResultSheet', teacher.token, { class_id: id, term_id: term })
    ).json().students[0];
    expect(before).toMatchObject({ total: null, missing: ['Class activity'], adjustments: [] });

    const excused = await adjust(id, ida, { component_key: 'k1', kind: 'excused' });
    expect(excused.statusCode, excused.body).toBe(200);
    // (30 × 80 + 50 × 70) ÷ 80 = 73.75: the 20 of class activity spread over the rest.
    expect(excused.json()).toMatchObject({
      message: 'Excused: left out of the total.',
      students: [
        {
          id: ida.id,
          total: 7375,
          outcome: 'pass',
          missing: [],
          adjustments: [
            {
              component_key: 'k1',
              kind: 'excused',
              score: null,
              reason: null,
              by: 'Close Teacher',
              at: t.clock.now,
            },
          ],
        },
      ],
    });

    // Every component excused: no total, and not ready.
    await adjust(id, ida, { component_key: 'k2', kind: 'excused' });
    const all = await adjust(id, ida, {
      component_key: 'k3',
      kind: 'excused',
      reason: 'Moved away',
    });
    expect(all.json().students[0]).toMatchObject({ total: null, outcome: null, missing: [] });
    const refused = await t.call('publishResults', teacher.token, { class_id: id, term_id: term });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'No student has a total yet: every component needs a score, or to be excused, before results are published.',
    );

    // Taken back: the typed scores count again.
    await adjust(id, ida, { component_key: 'k2', kind: 'none' });
    const back = await adjust(id, ida, { component_key: 'k3', kind: 'none' });
    expect(back.json()).toMatchObject({
      message: 'The computed score is back.',
      students: [{ total: 7375, adjustments: [{ component_key: 'k1', kind: 'excused' }] }],
    });
  });

  it('an override needs a reason and a score read as every score is; a typed component is typed instead', async () => {
    const olu = await t.student({ name: 'Override Olu' });
    const id = await classOf('Override Class', [olu]);
    await typeScores(id, olu, '80', '70');
    const cases: [Record<string, string>, number, string][] = [
      [{ score: '85.5' }, 400, 'Please say why the score is overridden.'],
      [{ score: '101', reason: 'x' }, 400, 'A score can be at most 100.'],
      [
        { score: '85.555', reason: 'x' },
        400,
        'A score must be a number from 0 to 100, with at most two decimals.',
      ],
      [{ reason: 'x' }, 400, 'Please type the score that overrides it.'],
    ];
    for (const [fields, status, message] of cases) {
      const res = await adjust(id, olu, { component_key: 'k1', kind: 'override', ...fields });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toContain(message);
    }
    const typed = await adjust(id, olu, {
      component_key: 'k2',
      kind: 'override',
      score: '90',
      reason: 'Regraded',
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toBe(
      '“Midterm” is typed on the sheet: type the score instead of overriding it.',
    );
    const unknown = await adjust(id, olu, { component_key: 'k9', kind: 'excused' });
    expect(unknown.json().message).toBe('That component is not on this class’s sheet.');

    const saved = await adjust(id, olu, {
      component_key: 'k1',
      kind: 'override',
      score: '85,5',
      reason: ' Work marked on paper ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // (20 × 85.5 + 30 × 80 + 50 × 70) ÷ 100 = 76.1.
    expect(saved.json().students[0]).toMatchObject({
      scores: [8550, 8000, 7000],
      total: 7610,
      adjustments: [
        { component_key: 'k1', kind: 'override', score: 8550, reason: 'Work marked on paper' },
      ],
    });
    // The audit log names it.
    const log = (await t.call('auditLog', admin.token, { action: 'saveResultAdjustment' })).json();
    expect(JSON.stringify(log)).toContain('Work marked on paper');
  });

  it('is staff’s, and a teacher’s only for their classes', async () => {
    const una = await t.student({ name: 'Unreached Una' });
    const id = await classOf('Reach Class', [una]);
    const student = await adjust(id, una, { component_key: 'k1', kind: 'excused' }, una);
    expect(student.statusCode).toBe(403);
    const other = await adjust(id, una, { component_key: 'k1', kind: 'excused' }, outsider);
    expect(other.statusCode).toBe(403);
    const stranger = await t.student({ name: 'Stranger Sam' });
    const notMember = await adjust(id, stranger, { component_key: 'k1', kind: 'excused' }, admin);
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().message).toBe('This student is not in this class.');
  });
});

describe('publishing the students who are ready', () => {
  it('publishes those with a total, names the others and why, and adds them when published again', async () => {
    const pia = await t.student({ name: 'Ready Pia' });
    const quin = await t.student({ name: 'Waiting Quin' });
    const id = await classOf('Ready Class', [pia, quin]);
    await typeScores(id, pia, '80', '70');
    await adjust(id, pia, { component_key: 'k1', kind: 'excused' });
    await typeScores(id, quin, '60', '');
    const first = await t.call('publishResults', teacher.token, { class_id: id, term_id: term });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      message:
        'Autumn 2026 results of Ready Class published to 1 student. Not published yet, without a total: Waiting Quin.',
      published: 1,
      changed: 0,
      not_ready: [{ id: quin.id, name: 'Waiting Quin', why: 'no score for Class activity, Final' }],
      withdrawn: [],
    });
    // Pia's report card keeps the excused component, marked so.
    const pias = (await t.call('getResults', pia.token, { user_id: pia.id })).json().results;
    expect(pias[0]?.components).toEqual([
      { name: 'Class activity', weight: 20, final: false, score: null, excused: true },
      { name: 'Midterm', weight: 30, final: false, score: 8000 },
      { name: 'Final', weight: 50, final: true, score: 7000 },
    ]);
    expect((await t.call('getResults', quin.token, { user_id: quin.id })).json().results).toEqual(
      [],
    );

    await adjust(id, quin, {
      component_key: 'k1',
      kind: 'override',
      score: '70',
      reason: 'Paper work',
    });
    await typeScores(id, quin, '60', '75');
    const second = await t.call('publishResults', teacher.token, { class_id: id, term_id: term });
    expect(second.json()).toMatchObject({ published: 1, changed: 0, not_ready: [] });
    expect(
      (await t.call('getResults', quin.token, { user_id: quin.id })).json().results[0]?.total,
    ).toBe(6950);
  });
});

describe('a withdrawn certificate', () => {
  it('is named when publishing withdraws it, and the public check says when, in the academy’s zone', async () => {
    const rae = await t.student({ name: 'Withdrawn Rae' });
    const id = await classOf('Withdraw Class', [rae]);
    await typeScores(id, rae, '90', '90');
    await adjust(id, rae, { component_key: 'k1', kind: 'excused' });
    await t.call('publishResults', teacher.token, { class_id: id, term_id: term });
    const code = (await t.call('getResults', rae.token, { user_id: rae.id })).json().results[0]
      ?.certificate_code as string;
    expect(code).toMatch(/^[A-Z2-9]{5}(-[A-Z2-9]{5}){3}$/);
    expect((await t.call('verifyCertificate', undefined, { code })).statusCode).toBe(200);

    await typeScores(id, rae, '40', '40');
    const again = await t.call('publishResults', teacher.token, { class_id: id, term_id: term });
    expect(again.json()).toMatchObject({
      changed: 1,
      withdrawn: [{ id: rae.id, name: 'Withdrawn Rae', code }],
    });
    expect(again.json().message).toBe(
      `Autumn 2026 results of Withdraw Class changed for 1 student. Certificate withdrawn: Withdrawn Rae (${code}).`,
    );
    const check = await t.call('verifyCertificate', undefined, {
      code: code.toLowerCase().replaceAll('-', ' '),
    });
    expect(check.statusCode).toBe(410);
    expect(check.json()).toEqual({
      success: false,
      message: 'This certificate was withdrawn on November 23, 2026.',
    });
    // A forged code still reads as before.
    const forged = await t.call('verifyCertificate', undefined, {
      code: 'ABCDE-FGHJK-LMNPQ-RSTUV',
    });
    expect(forged.json()).toEqual({ success: false, message: 'No certificate has this code.' });

    // A pass again gets a new code; the withdrawn one stays withdrawn.
    await typeScores(id, rae, '95', '95');
    const back = await t.call('publishResults', teacher.token, { class_id: id, term_id: term });
    expect(back.json()).toMatchObject({ changed: 1, withdrawn: [] });
    const fresh = (await t.call('getResults', rae.token, { user_id: rae.id })).json().results[0]
      ?.certificate_code;
    expect(fresh).not.toBe(code);
    expect((await t.call('verifyCertificate', undefined, { code })).statusCode).toBe(410);
  });
});
