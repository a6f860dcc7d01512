import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

/**
 * Issue 49, point 8: a class that meets twice on one day has both sessions in its attendance
 * grid, each with its time, and the roll's notes reach the grid and its CSV.
 */

let t: TestApp;
let admin: TestUser;
let ana: TestUser;
let ben: TestUser;
let classId: number;

beforeAll(async () => {
  // The harness's clock: 2026-11-22, noon UTC; 2026-10-05 is a Monday.
  t = await createTestApp();
  admin = await t.admin();
  ana = await t.student({ name: 'Twice Ana' });
  ben = await t.student({ name: 'Twice Ben' });
  classId = (await t.call('createClass', admin.token, { name: 'Twice Class' })).json().class_id;
  await t.call('addClassStudents', admin.token, { class_id: classId, user_ids: [ana.id, ben.id] });
  for (const time of ['18:00', '10:00'])
    await t.call('saveClassSchedule', admin.token, {
      class_id: classId,
      weekdays: ['Monday'],
      first_date: '2026-10-05',
      count: 1,
      time,
    });
  const sessions = (
    await t.call('getClassSessions', admin.token, { class_id: classId, when: 'past' })
  ).json().sessions;
  const at = (time: string) => sessions.find((s) => s.session_time === time)?.id ?? 0;
  await t.call('saveRoll', admin.token, {
    class_session_id: at('10:00'),
    marks: [{ user_id: ana.id, mark: 'late', note: 'Bus was late' }],
  });
  await t.call('saveRoll', admin.token, {
    class_session_id: at('18:00'),
    marks: [
      { user_id: ben.id, mark: 'excused', note: 'Doctor, letter given' },
      { user_id: ana.id, mark: 'present' },
    ],
  });
});
afterAll(() => t.close());

describe('the attendance grid', () => {
  it('holds both sessions of one day, each with its time, and the notes beside the marks', async () => {
    const grid = (await t.call('getClassAttendance', admin.token, { class_id: classId })).json();
    expect(grid.sessions.map((s) => `${s.session_date} ${s.session_time}`)).toEqual([
      '2026-10-05 10:00',
      '2026-10-05 18:00',
    ]);
    expect(grid.students.map((s) => [s.name, s.marks, s.notes])).toEqual([
      ['Twice Ana', ['late', 'present'], ['Bus was late', '']],
      ['Twice Ben', ['present', 'excused'], ['', 'Doctor, letter given']],
    ]);
  });

  it('exports the notes in its CSV, each after its session', async () => {
    const file = (await t.call('exportClassAttendance', admin.token, { class_id: classId })).json();
    expect(file.csv.trim().split(/\r?\n/)).toEqual([
      'student,2026-10-05 10:00,2026-10-05 18:00,rate,absences,notes',
      'Twice Ana,Late,Present,75%,0,2026-10-05 10:00: Bus was late',
      'Twice Ben,Present,Excused,75%,0,"2026-10-05 18:00: Doctor, letter given"',
    ]);
  });
});
