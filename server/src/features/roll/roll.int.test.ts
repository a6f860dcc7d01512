import { DEFAULT_ROLL_RULES } from '@academy/contract/roll-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { finishedOrBlockedBy, pausedAfterRead } from '../../test-support/interleave.js';
import { saveRoll } from './roll-data.js';

/** Issue 29, points 6–8: the roll, saved whole, the spec's status following it, the rules. */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  // The harness's clock: 2026-11-22 (a Sunday), noon UTC.
  t = await createTestApp();
  admin = await t.admin({ name: 'Roll Admin' });
});
afterAll(() => t.close());

/** A class of `students` with `count` Monday sessions from `first`; its session ids, in order. */
async function classWith(name: string, students: TestUser[], first = '2026-11-02', count = 3) {
  const id = (await t.call('createClass', admin.token, { name })).json().class_id;
  await t.call('addClassStudents', admin.token, {
    class_id: id,
    user_ids: students.map((s) => s.id),
  });
  await t.call('saveClassSchedule', admin.token, {
    class_id: id,
    weekdays: ['Monday'],
    first_date: first,
    count,
    time: '18:00',
  });
  const past = (await t.call('getClassSessions', admin.token, { class_id: id, when: 'past' }))
    .json()
    .sessions.map((s) => s.id)
    .reverse();
  const upcoming = (await t.call('getClassSessions', admin.token, { class_id: id }))
    .json()
    .sessions.map((s) => s.id);
  return { id, sessions: [...past, ...upcoming] };
}

const session = (ids: number[], i: number) => {
  const id = ids[i];
  if (id === undefined) throw new Error(`no session ${i}`);
  return id;
};

const statusOf = async (student: TestUser) =>
  (await t.call('getSchedule', admin.token, { user_id: student.id }))
    .json()
    .schedule.map((s) => s.status);

describe('the roll', () => {
  it('starts with everyone present, saves whole in one request, and sets Held or Missed', async () => {
    const [ana, ben, cy] = [
      await t.student({ name: 'Roll Ana' }),
      await t.student({ name: 'Roll Ben' }),
      await t.student({ name: 'Roll Cy' }),
    ];
    const { sessions } = await classWith('Roll Basic', [ana, ben, cy]);
    const first = session(sessions, 0);

    const before = (await t.call('getRoll', admin.token, { class_session_id: first })).json();
    expect(before.taken_at).toBeNull();
    expect(before.students.map((s) => [s.name, s.mark])).toEqual([
      ['Roll Ana', 'present'],
      ['Roll Ben', 'present'],
      ['Roll Cy', 'present'],
    ]);

    // Only the exceptions are sent: the others are present.
    const saved = await t.call('saveRoll', admin.token, {
      class_session_id: first,
      marks: [
        { user_id: ben.id, mark: 'absent' },
        { user_id: cy.id, mark: 'late', note: 'Bus was late' },
      ],
    });
    expect(saved.json()).toEqual({
      success: true,
      message: 'Roll saved: 1 present, 1 late, 1 absent.',
    });

    const after = (await t.call('getRoll', admin.token, { class_session_id: first })).json();
    expect(after.taken_by).toBe('Roll Admin');
    expect(after.students.map((s) => [s.mark, s.note])).toEqual([
      ['present', ''],
      ['absent', ''],
      ['late', 'Bus was late'],
    ]);
    expect((await statusOf(ana))[0]).toBe('Held');
    expect((await statusOf(ben))[0]).toBe('Missed');
    expect((await statusOf(cy))[0]).toBe('Held');
    // The other sessions are untouched.
    expect((await statusOf(ben)).slice(1)).toEqual(['Next Session', 'Next Session']);
  });

  it('is corrected later, keeping the marks not sent, and the audit log names who did it', async () => {
    const [dee, eli] = [
      await t.student({ name: 'Roll Dee' }),
      await t.student({ name: 'Roll Eli' }),
    ];
    const { sessions } = await classWith('Roll Fix', [dee, eli]);
    const first = session(sessions, 0);
    await t.call('saveRoll', admin.token, {
      class_session_id: first,
      marks: [
        { user_id: dee.id, mark: 'absent' },
        { user_id: eli.id, mark: 'late' },
      ],
    });
    await t.call('saveRoll', admin.token, {
      class_session_id: first,
      marks: [{ user_id: dee.id, mark: 'excused', note: 'Doctor' }],
    });
    const roll = (await t.call('getRoll', admin.token, { class_session_id: first })).json();
    expect(roll.students.map((s) => s.mark)).toEqual(['excused', 'late']);
    expect((await statusOf(dee))[0]).toBe('Missed');

    const log = (await t.call('auditLog', admin.token, { action: 'saveRoll' })).json();
    expect(log.entries.slice(0, 2).map((e) => [e.actor_name, e.subject])).toEqual([
      ['Roll Admin', 'Roll Fix, 2026-11-02 18:00'],
      ['Roll Admin', 'Roll Fix, 2026-11-02 18:00'],
    ]);
  });

  it('refuses a student not in the session, a session to come, a cancelled one, and one that is not there, writing nothing', async () => {
    const fay = await t.student({ name: 'Roll Fay' });
    const stranger = await t.student({ name: 'Roll Stranger' });
    const { id, sessions } = await classWith('Roll Refuse', [fay], '2026-11-09', 4);
    const [past, toCome] = [session(sessions, 1), session(sessions, 2)];

    const foreign = await t.call('saveRoll', admin.token, {
      class_session_id: past,
      marks: [{ user_id: stranger.id, mark: 'absent' }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(`Student ${stranger.id} is not in this session.`);

    const early = await t.call('saveRoll', admin.token, { class_session_id: toCome, marks: [] });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'This session has not taken place yet: its roll can be taken on its day.',
    );

    await t.call('updateClassSession', admin.token, {
      class_id: id,
      class_session_id: past,
      cancelled: true,
    });
    const cancelled = await t.call('saveRoll', admin.token, { class_session_id: past, marks: [] });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe('This session was cancelled: it has no roll.');

    expect(
      (await t.call('saveRoll', admin.token, { class_session_id: 999_999, marks: [] })).statusCode,
    ).toBe(404);
    const doubled = await t.call('saveRoll', admin.token, {
      class_session_id: session(sessions, 0),
      marks: [
        { user_id: fay.id, mark: 'absent' },
        { user_id: fay.id, mark: 'present' },
      ],
    });
    expect(doubled.statusCode).toBe(400);
    expect(
      (await t.call('getRoll', admin.token, { class_session_id: session(sessions, 0) })).json()
        .taken_at,
    ).toBeNull();
  });

  it('keeps one mark per student when two save the same roll at once', async () => {
    const students = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.student({ name: `Roll Pair ${i}` })),
    );
    const { sessions } = await classWith('Roll Pair', students);
    const first = session(sessions, 0);
    const other = await t.admin({ name: 'Roll Second' });
    const all = (mark: 'absent' | 'late') => students.map((s) => ({ user_id: s.id, mark }));
    const answers = await Promise.all([
      t.call('saveRoll', admin.token, { class_session_id: first, marks: all('absent') }),
      t.call('saveRoll', other.token, { class_session_id: first, marks: all('late') }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const marks = (await t.call('getRoll', admin.token, { class_session_id: first }))
      .json()
      .students.map((s) => s.mark);
    expect(marks).toHaveLength(12);
    // The later save won whole: one of the two, never a mix or a double.
    expect([...new Set(marks)]).toHaveLength(1);
    const rows = await t.database.db
      .selectFrom('roll_marks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('class_session_id', '=', first)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(12);
  });
});

describe('the absence rules', () => {
  const unreadAbout = async (student: TestUser) =>
    (await t.call('getNotifications', student.token, { user_id: student.id }))
      .json()
      .notifications.filter((n) => n.topic === 'attendance')
      .map((n) => n.message);

  it('tells a student once on reaching the warning, the limit and beyond, counting two lates as one absence', async () => {
    // Defaults: warning at 3 absences, limit 4; two lates are an absence.
    const gil = await t.student({ name: 'Roll Gil' });
    const { sessions } = await classWith('Roll Rules', [gil], '2026-10-05', 7);
    const mark = (i: number, m: 'absent' | 'late' | 'present' | 'excused') =>
      t.call('saveRoll', admin.token, {
        class_session_id: session(sessions, i),
        marks: [{ user_id: gil.id, mark: m }],
      });
    await mark(0, 'absent');
    await mark(1, 'late');
    await mark(2, 'late');
    expect(await unreadAbout(gil)).toEqual([]);
    await mark(3, 'absent');
    expect(await unreadAbout(gil)).toEqual([
      "You have 3 absences this term. The academy's limit is 4.",
    ]);
    // Saving the same roll again tells nothing new.
    await mark(3, 'absent');
    await mark(4, 'excused');
    expect(await unreadAbout(gil)).toHaveLength(1);
    await mark(5, 'absent');
    await mark(6, 'absent');
    expect(await unreadAbout(gil)).toEqual([
      "You have 5 absences this term: more than the academy's limit of 4.",
      "You have 4 absences this term: the academy's limit. Another absence would be over it.",
      "You have 3 absences this term. The academy's limit is 4.",
    ]);
    // A correction that lowers it tells no one.
    await mark(6, 'excused');
    expect(await unreadAbout(gil)).toHaveLength(3);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'tells the warning and the limit once each when two rolls are saved at once',
    async () => {
      const db = t.database.db;
      const hal = await t.student({ name: 'Roll Hal' });
      const { sessions } = await classWith('Roll Twice', [hal], '2026-10-05', 4);
      for (const i of [0, 1])
        await t.call('saveRoll', admin.token, {
          class_session_id: session(sessions, i),
          marks: [{ user_id: hal.id, mark: 'absent' }],
        });
      // The fourth session's roll is saved just after the third's has counted Hal's absences
      // again with its own mark in, before it tells.
      let other: Promise<unknown> = Promise.resolve();
      const paused = pausedAfterRead(db, { from: 'roll_marks as m', nth: 2 }, async (trx) => {
        other = t.call('saveRoll', admin.token, {
          class_session_id: session(sessions, 3),
          marks: [{ user_id: hal.id, mark: 'absent' }],
        });
        await finishedOrBlockedBy(db, other, trx);
      });
      await saveRoll(paused, {
        sessionId: session(sessions, 2),
        marks: [{ user_id: hal.id, mark: 'absent', note: '' }],
        by: admin.id,
        now: t.clock.now,
        today: '2026-11-22',
        timeZone: 'UTC',
        rules: DEFAULT_ROLL_RULES,
        term: null,
        tell: t.app.tell,
      });
      await other;
      expect((await unreadAbout(hal)).sort()).toEqual([
        "You have 3 absences this term. The academy's limit is 4.",
        "You have 4 absences this term: the academy's limit. Another absence would be over it.",
      ]);
    },
  );

  it('does not count a cancelled session’s roll', async () => {
    const hal = await t.student({ name: 'Roll Hal' });
    const { id, sessions } = await classWith('Roll Cancel', [hal], '2026-10-05', 4);
    for (const i of [0, 1])
      await t.call('saveRoll', admin.token, {
        class_session_id: session(sessions, i),
        marks: [{ user_id: hal.id, mark: 'absent' }],
      });
    await t.call('updateClassSession', admin.token, {
      class_id: id,
      class_session_id: session(sessions, 0),
      cancelled: true,
    });
    await t.call('saveRoll', admin.token, {
      class_session_id: session(sessions, 2),
      marks: [{ user_id: hal.id, mark: 'absent' }],
    });
    // Two absences count, not three: no warning yet.
    expect(await unreadAbout(hal)).toEqual([]);
  });
});

describe('a student’s attendance', () => {
  it('is read by the student and an administrator, and by no other student', async () => {
    const [ivy, other] = [
      await t.student({ name: 'Roll Ivy' }),
      await t.student({ name: 'Roll Jo' }),
    ];
    const { sessions } = await classWith('Roll Own', [ivy], '2026-11-02', 3);
    await t.call('saveRoll', admin.token, {
      class_session_id: session(sessions, 0),
      marks: [{ user_id: ivy.id, mark: 'late', note: 'Bus' }],
    });
    await t.call('saveRoll', admin.token, { class_session_id: session(sessions, 1), marks: [] });

    const own = (await t.call('getAttendance', ivy.token, { user_id: ivy.id })).json();
    expect(own).toMatchObject({
      rate: 0.75,
      absences: 0,
      standing: 'fine',
      warning_at: 3,
      absence_limit: 4,
      counts: { present: 1, late: 1, absent: 0, excused: 0 },
    });
    expect(own.sessions.map((s) => [s.session_date, s.mark, s.note])).toEqual([
      ['2026-11-09', 'present', ''],
      ['2026-11-02', 'late', 'Bus'],
    ]);
    expect((await t.call('getAttendance', admin.token, { user_id: ivy.id })).json().rate).toBe(
      0.75,
    );
    expect((await t.call('getAttendance', other.token, { user_id: ivy.id })).statusCode).toBe(403);
  });

  it('follows the academy’s rules and term as Settings saves them', async () => {
    const kim = await t.student({ name: 'Roll Kim' });
    const { sessions } = await classWith('Roll Term', [kim], '2026-10-05', 6);
    for (const i of [0, 1, 2, 4])
      await t.call('saveRoll', admin.token, {
        class_session_id: session(sessions, i),
        marks: [{ user_id: kim.id, mark: i === 4 ? 'late' : 'absent' }],
      });
    const rules = {
      points: { present: 3, late: 2, absent: 0, excused: 1 },
      lates_per_absence: 1,
      warning_at: 2,
      absence_limit: null,
    };
    const saved = await t.call('saveSettings', admin.token, { roll_rules: JSON.stringify(rules) });
    expect(saved.statusCode).toBe(200);
    expect((await t.call('getSettings', admin.token, {})).json().settings).toMatchObject({
      roll_rules: rules,
    });
    // The current term (issue 30), holding today (2026-11-22), from 2026-10-19.
    const term = (
      await t.call('saveTerm', admin.token, {
        name: 'Roll Autumn',
        first_day: '2026-10-19',
        last_day: '2026-12-20',
      })
    ).json();
    // From 2026-10-19: the absence of 10-19 and the late of 11-02 (a late is an absence now).
    const attendance = (await t.call('getAttendance', kim.token, { user_id: kim.id })).json();
    expect(attendance).toMatchObject({
      absences: 2,
      standing: 'warning',
      absence_limit: null,
      term: { id: term.id, name: 'Roll Autumn', first_day: '2026-10-19', last_day: '2026-12-20' },
    });
    expect(attendance.sessions).toHaveLength(2);

    // Counted to the term's last day too: on 2026-11-05, in a term ending then, the absence
    // of 11-09 (taken before) is not the term's.
    await t.call('saveRoll', admin.token, {
      class_session_id: session(sessions, 5),
      marks: [{ user_id: kim.id, mark: 'absent' }],
    });
    expect((await t.call('getAttendance', kim.token, { user_id: kim.id })).json().absences).toBe(3);
    const before = t.clock.now;
    await t.call('saveTerm', admin.token, {
      id: term.id,
      name: 'Roll Autumn',
      first_day: '2026-10-19',
      last_day: '2026-11-05',
    });
    t.clock.now = Date.UTC(2026, 10, 5, 12);
    expect((await t.call('getAttendance', kim.token, { user_id: kim.id })).json()).toMatchObject({
      absences: 2,
      term: { last_day: '2026-11-05' },
    });
    t.clock.now = before;

    const refused = await t.call('saveSettings', admin.token, {
      roll_rules: JSON.stringify({ ...rules, warning_at: 5, absence_limit: 4 }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'The warning must come at or before the absence limit, not after it.',
    );
    // Today in no term: every roll counts.
    expect((await t.call('getAttendance', kim.token, { user_id: kim.id })).json()).toMatchObject({
      absences: 5,
      term: null,
    });
    await t.call('deleteTerm', admin.token, { id: term.id });
    await t.call('saveSettings', admin.token, {
      roll_rules: JSON.stringify({
        points: { present: 2, late: 1, absent: 0, excused: 1 },
        lates_per_absence: 2,
        warning_at: 3,
        absence_limit: 4,
      }),
    });
  });
});
