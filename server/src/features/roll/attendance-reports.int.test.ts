import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

/**
 * Issue 29, point 9: a class's attendance as a grid of students by sessions, and the
 * academy's students at or over the absence warning; each as CSV, a teacher's narrowed to
 * their classes.
 */

let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let ana: TestUser;
let ben: TestUser;
let cy: TestUser;
let classId: number;
let sessions: number[];

beforeAll(async () => {
  // The harness's clock: 2026-11-22 (a Sunday), noon UTC. Defaults: warning at 3, limit 4.
  t = await createTestApp();
  admin = await t.admin();
  [ana, ben, cy] = [
    await t.student({ name: 'Grid Ana' }),
    await t.student({ name: 'Grid Ben' }),
    await t.student({ name: 'Other Cy' }),
  ];
  classId = (await t.call('createClass', admin.token, { name: 'Grid Class' })).json().class_id;
  await t.call('addClassStudents', admin.token, { class_id: classId, user_ids: [ana.id, ben.id] });
  await t.call('saveClassSchedule', admin.token, {
    class_id: classId,
    weekdays: ['Monday'],
    first_date: '2026-10-05',
    count: 5,
    time: '18:00',
  });
  sessions = (await t.call('getClassSessions', admin.token, { class_id: classId, when: 'past' }))
    .json()
    .sessions.map((s) => s.id)
    .reverse();
  teacher = await t.teacher({ name: 'Grid Teacher', classIds: [classId] });
  // Ben misses three sessions and is late to one; Ana is late once; the fifth roll is not taken.
  const marks: [number, { user_id: number; mark: 'absent' | 'late' }[]][] = [
    [0, [{ user_id: ben.id, mark: 'absent' }]],
    [
      1,
      [
        { user_id: ben.id, mark: 'absent' },
        { user_id: ana.id, mark: 'late' },
      ],
    ],
    [2, [{ user_id: ben.id, mark: 'absent' }]],
    [3, [{ user_id: ben.id, mark: 'late' }]],
  ];
  for (const [i, list] of marks) {
    const id = sessions[i];
    if (id === undefined) throw new Error(`no session ${i}`);
    await t.call('saveRoll', teacher.token, { class_session_id: id, marks: list });
  }
  // Cy, of another class, has four absences there.
  const other = (await t.call('createClass', admin.token, { name: 'Far Class' })).json().class_id;
  await t.call('addClassStudents', admin.token, { class_id: other, user_ids: [cy.id] });
  await t.call('saveClassSchedule', admin.token, {
    class_id: other,
    weekdays: ['Tuesday'],
    first_date: '2026-10-06',
    count: 4,
    time: '10:00',
  });
  const far = (await t.call('getClassSessions', admin.token, { class_id: other, when: 'past' }))
    .json()
    .sessions.map((s) => s.id);
  for (const id of far)
    await t.call('saveRoll', admin.token, {
      class_session_id: id,
      marks: [{ user_id: cy.id, mark: 'absent' }],
    });
});
afterAll(() => t.close());

describe("a class's attendance grid", () => {
  it('holds the students by the sessions whose roll was taken, with rates and absences', async () => {
    const grid = (await t.call('getClassAttendance', teacher.token, { class_id: classId })).json();
    expect(grid.class_name).toBe('Grid Class');
    expect(grid.sessions.map((s) => s.session_date)).toEqual([
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
    ]);
    expect(grid.students).toEqual([
      {
        id: ana.id,
        name: 'Grid Ana',
        marks: ['present', 'late', 'present', 'present'],
        notes: ['', '', '', ''],
        rate: 7 / 8,
        absences: 0,
        standing: 'fine',
      },
      {
        id: ben.id,
        name: 'Grid Ben',
        marks: ['absent', 'absent', 'absent', 'late'],
        notes: ['', '', '', ''],
        rate: 1 / 8,
        absences: 3,
        standing: 'warning',
      },
    ]);
  });

  it('exports as CSV, a row a student and a column a session', async () => {
    const file = (await t.call('exportClassAttendance', admin.token, { class_id: classId })).json();
    expect(file.file_name).toBe('attendance-grid-class-2026-11-22.csv');
    expect(file.count).toBe(2);
    expect(file.csv.trim().split(/\r?\n/)).toEqual([
      'student,2026-10-05 18:00,2026-10-12 18:00,2026-10-19 18:00,2026-10-26 18:00,rate,absences,notes',
      'Grid Ana,Present,Late,Present,Present,88%,0,',
      'Grid Ben,Absent,Absent,Absent,Late,13%,3,',
    ]);
  });
});

describe('the students at the absence warning', () => {
  it('lists the academy’s, most absences first; a teacher’s only their classes’', async () => {
    const all = (await t.call('getAttendanceWarnings', admin.token, {})).json();
    expect(all).toMatchObject({ warning_at: 3, absence_limit: 4, has_more: false });
    expect(all.students.map((s) => [s.name, s.classes, s.absences, s.standing])).toEqual([
      ['Other Cy', ['Far Class'], 4, 'limit'],
      ['Grid Ben', ['Grid Class'], 3, 'warning'],
    ]);
    const mine = (await t.call('getAttendanceWarnings', teacher.token, {})).json();
    expect(mine.students.map((s) => s.name)).toEqual(['Grid Ben']);

    const file = (await t.call('exportAttendanceWarnings', teacher.token, {})).json();
    expect(file.csv.trim().split(/\r?\n/)).toEqual([
      'student,classes,absences,rate,standing',
      'Grid Ben,Grid Class,3,13%,Warning',
    ]);
  });

  it('follows the rules: with no warning the limit is the line, with neither nobody is listed', async () => {
    const rules = (warning: number | null, limit: number | null) =>
      t.call('saveSettings', admin.token, {
        roll_rules: JSON.stringify({
          points: { present: 2, late: 1, absent: 0, excused: 1 },
          lates_per_absence: 2,
          warning_at: warning,
          absence_limit: limit,
        }),
      });
    await rules(null, 4);
    const atLimit = (await t.call('getAttendanceWarnings', admin.token, {})).json();
    expect(atLimit.students.map((s) => s.name)).toEqual(['Other Cy']);
    await rules(null, null);
    expect((await t.call('getAttendanceWarnings', admin.token, {})).json().students).toEqual([]);
    await rules(3, 4);
  });

  it('counts only the sessions that count: not a cancelled one, none before the term', async () => {
    const names = async () =>
      (await t.call('getAttendanceWarnings', admin.token, {}))
        .json()
        .students.map((s) => [s.name, s.absences]);
    const first = sessions[0];
    if (first === undefined) throw new Error('no first session');
    // Ben's first absence was at a session since cancelled: 2 absences and a late, under 3.
    const cancel = (cancelled: boolean) =>
      t.call('updateClassSession', admin.token, {
        class_id: classId,
        class_session_id: first,
        cancelled,
      });
    expect((await cancel(true)).statusCode).toBe(200);
    expect(await names()).toEqual([['Other Cy', 4]]);
    expect((await cancel(false)).statusCode).toBe(200);
    // The current term (issue 30): from 13 October on, Cy has three absences and Ben one and a late.
    const term = await t.call('saveTerm', admin.token, {
      name: 'Grid Term',
      first_day: '2026-10-13',
      last_day: '2026-12-31',
    });
    expect(await names()).toEqual([['Other Cy', 3]]);
    const warnings = (await t.call('getAttendanceWarnings', teacher.token, {})).json();
    expect(warnings.term).toMatchObject({ name: 'Grid Term', first_day: '2026-10-13' });
    const grid = (await t.call('getClassAttendance', admin.token, { class_id: classId })).json();
    expect(grid.sessions).toHaveLength(2);
    expect(grid.term?.name).toBe('Grid Term');
    await t.call('deleteTerm', admin.token, { id: term.json().id });
    expect(await names()).toEqual([
      ['Other Cy', 4],
      ['Grid Ben', 3],
    ]);
  });

  it('turns lates into absences by the rules: each late one, or none', async () => {
    const withLates = async (latesPerAbsence: number) => {
      await t.call('saveSettings', admin.token, {
        roll_rules: JSON.stringify({
          points: { present: 2, late: 1, absent: 0, excused: 1 },
          lates_per_absence: latesPerAbsence,
          warning_at: 2,
          absence_limit: 4,
        }),
      });
      return (await t.call('getAttendanceWarnings', admin.token, {}))
        .json()
        .students.map((s) => [s.name, s.absences]);
    };
    // Each late an absence: Ben's three and a late are four (Ana's one late stays under 2).
    expect(await withLates(1)).toEqual([
      ['Grid Ben', 4],
      ['Other Cy', 4],
    ]);
    expect(await withLates(0)).toEqual([
      ['Other Cy', 4],
      ['Grid Ben', 3],
    ]);
    await t.call('saveSettings', admin.token, {
      roll_rules: JSON.stringify({
        points: { present: 2, late: 1, absent: 0, excused: 1 },
        lates_per_absence: 2,
        warning_at: 3,
        absence_limit: 4,
      }),
    });
  });

  it('is refused to students, and to a teacher naming a class not theirs', async () => {
    expect((await t.call('getAttendanceWarnings', ben.token, {})).statusCode).toBe(403);
    const stranger = await t.teacher();
    const refused = await t.call('getClassAttendance', stranger.token, { class_id: classId });
    expect(refused.statusCode).toBe(403);
  });
});
