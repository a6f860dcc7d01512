import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

/**
 * Issue 49, point 6: the audit log tells the truth: who made a change as what (a teacher is a
 * teacher), a class that exists named, a roll sent again one entry, and a score changed after
 * publishing named with its student, component and old → new.
 */

let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let classId: number;
let sessionIds: number[];
let ana: TestUser;
let ben: TestUser;
beforeAll(async () => {
  // The harness's clock: 2026-11-22 (a Sunday), noon UTC.
  t = await createTestApp();
  admin = await t.admin({ name: 'Truth Admin' });
  ana = await t.student({ name: 'Truth Ana' });
  ben = await t.student({ name: 'Truth Ben' });
  classId = (await t.call('createClass', admin.token, { name: 'Truth C1' })).json().class_id;
  await t.call('addClassStudents', admin.token, { class_id: classId, user_ids: [ana.id, ben.id] });
  await t.call('saveClassSchedule', admin.token, {
    class_id: classId,
    weekdays: ['Monday'],
    first_date: '2026-11-02',
    count: 3,
    time: '18:00',
  });
  sessionIds = (await t.call('getClassSessions', admin.token, { class_id: classId, when: 'past' }))
    .json()
    .sessions.map((s) => s.id);
  teacher = await t.teacher({ name: 'Truth Teacher', classIds: [classId] });
});
afterAll(() => t.close());

const entriesOf = async (action: string) =>
  (await t.call('auditLog', admin.token, { action })).json().entries;

describe('the audit log tells the truth', () => {
  it('names each actor’s role: a teacher as a teacher, an administrator as one', async () => {
    const saved = await t.call('saveRoll', teacher.token, {
      class_session_id: sessionIds[0] as number,
      marks: [{ user_id: ana.id, mark: 'late' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.call('setClassTeachers', admin.token, { class_id: classId, teacher_ids: [teacher.id] });
    const [roll] = await entriesOf('saveRoll');
    expect(roll).toMatchObject({ actor_name: 'Truth Teacher', actor_role: 'teacher' });
    const [teachers] = await entriesOf('setClassTeachers');
    expect(teachers).toMatchObject({ actor_name: 'Truth Admin', actor_role: 'admin' });
  });

  it('names a class that exists, whether its id came as a number or a form’s text', async () => {
    const sent = await t.call('addNotification', teacher.token, {
      class_id: String(classId),
      message: 'Bring your books',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [notice] = await entriesOf('addNotification');
    expect(notice).toMatchObject({ actor_role: 'teacher', subject: 'Truth C1' });
    const [teachers] = await entriesOf('setClassTeachers');
    expect(teachers?.subject).toBe('Truth C1');
  });

  it('keeps one entry for a roll sent twice (saved offline), and one per real change', async () => {
    const roll = {
      class_session_id: sessionIds[1] as number,
      marks: [{ user_id: ben.id, mark: 'absent' as const, note: '' }],
    };
    const before = (await entriesOf('saveRoll')).length;
    for (let i = 0; i < 2; i += 1)
      expect((await t.call('saveRoll', teacher.token, roll)).statusCode).toBe(200);
    expect(await entriesOf('saveRoll')).toHaveLength(before + 1);
    // A correction is a change of its own, and so is the first roll saved again after it.
    await t.call('saveRoll', teacher.token, {
      ...roll,
      marks: [{ user_id: ben.id, mark: 'present', note: '' }],
    });
    await t.call('saveRoll', teacher.token, roll);
    expect(await entriesOf('saveRoll')).toHaveLength(before + 3);
  });

  it('names the student, the component and old → new when a published score changes', async () => {
    const term = (
      await t.call('saveTerm', admin.token, {
        name: 'Truth Term',
        first_day: '2026-09-01',
        last_day: '2026-12-20',
      })
    ).json().id;
    await t.call('saveResultScheme', admin.token, {
      class_id: classId,
      components: [
        { key: 'k2', name: 'Midterm', weight: 40, source: 'typed' },
        { key: 'k3', name: 'Final', weight: 60, source: 'typed', final: true },
      ],
    });
    const type = (scores: { student_id: number; component_key: string; score: string }[]) =>
      t.call('saveResultScores', teacher.token, { class_id: classId, term_id: term, scores });
    await type([
      { student_id: ana.id, component_key: 'k2', score: '80' },
      { student_id: ana.id, component_key: 'k3', score: '70' },
      { student_id: ben.id, component_key: 'k2', score: '60' },
      { student_id: ben.id, component_key: 'k3', score: '65' },
    ]);
    // Before publishing, a score typed is only that.
    expect((await entriesOf('saveResultScores'))[0]?.details).not.toContain('published_changes');
    const published = await t.call('publishResults', teacher.token, {
      class_id: classId,
      term_id: term,
    });
    expect(published.statusCode, published.body).toBe(200);

    const changed = await type([{ student_id: ana.id, component_key: 'k3', score: '75.5' }]);
    expect(changed.statusCode, changed.body).toBe(200);
    const [entry] = await entriesOf('saveResultScores');
    expect(entry?.actor_role).toBe('teacher');
    expect(JSON.parse(entry?.details ?? '{}').published_changes).toEqual([
      { student: 'Truth Ana', component: 'Final', was: '70', now: '75.5' },
    ]);
    // A cleared cell reads "none"; a cell saved unchanged names nothing.
    await type([
      { student_id: ben.id, component_key: 'k2', score: '' },
      { student_id: ana.id, component_key: 'k2', score: '80' },
    ]);
    const [cleared] = await entriesOf('saveResultScores');
    expect(JSON.parse(cleared?.details ?? '{}').published_changes).toEqual([
      { student: 'Truth Ben', component: 'Midterm', was: '60', now: 'none' },
    ]);
  });
});
