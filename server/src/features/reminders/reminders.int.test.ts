import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdLease } from '../../db/leases.js';
import { createTestApp, present, type TestApp, type TestUser } from '../../test-support/harness.js';
import { openStream } from '../../test-support/live-stream.js';
import { samples } from '../../test-support/samples.js';
import { dueWindow } from './reminder-rules.js';
import { reminderScheduler } from './reminder-scheduler.js';
import { sendDueReminders } from './reminders-data.js';

/**
 * Due-date reminders (issue 21 point 6), run as the scheduler runs them, on the test's clock:
 * who is reminded, once, on the one instance holding the lease, and the administrator's
 * choice of lead time. The academy's clock is UTC here.
 */
let t: TestApp;
let admin: TestUser;
const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 22, 12, 0, 0);
beforeAll(async () => {
  t = await createTestApp({ startAt: START });
  admin = await t.admin();
});
afterAll(() => t.close());

/** An assignment given now, due `dueInHours` from now; its id. */
async function give(student: TestUser, title: string, dueInHours: number): Promise<number> {
  const due = new Date(t.clock.now + dueInHours * HOUR).toISOString();
  const res = await t.call('sendAssignment', admin.token, {
    user_id: String(student.id),
    title,
    description: 'Due soon',
    file_links: '[]',
    due_at: due,
  });
  expect(res.statusCode, res.body).toBe(200);
  const own = await t.call('getUserAssignments', student.token, { user_id: student.id });
  return present(
    own.json().assignments.find((a) => a.title === title),
    title,
  ).id;
}

const remindersOf = async (student: TestUser) => {
  const res = await t.call('getNotifications', student.token, { user_id: student.id });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().notifications as { message: string }[])
    .map((n) => n.message)
    .filter((m) => m.startsWith('Reminder:'));
};

const saveLead = (hours: string) =>
  t.call('saveSettings', admin.token, { reminder_lead_hours: hours });

/** Runs the app's own scheduler at `now`. */
const runAt = (now: number) => {
  t.clock.now = now;
  return t.app.deps.reminders.runOnce();
};

describe('due-date reminders', () => {
  it('remind a student who has not handed in, a day before, once', async () => {
    t.clock.now = START;
    const student = await t.student();
    const assignmentId = await give(student, 'Essay on travel', 72);
    // Two days before: not yet.
    expect(await runAt(START + 47 * HOUR)).not.toContain(student.id);
    expect(await remindersOf(student)).toEqual([]);
    // A day before (within the minute the scheduler looks): the reminder.
    expect(await runAt(START + 48 * HOUR + 30_000)).toContain(student.id);
    const [message, ...more] = await remindersOf(student);
    expect(more).toEqual([]);
    expect(message).toMatch(/^Reminder: "Essay on travel" is due Wednesday, November 25/);
    // It names its assignment, which the app opens from it (issue 27, point 19).
    const listed = await t.call('getNotifications', student.token, { user_id: student.id });
    expect(listed.json().notifications[0]).toMatchObject({
      topic: 'reminder',
      ref_id: assignmentId,
    });
    // Later runs, and a restarted scheduler (nothing in memory), send nothing again.
    expect(await runAt(START + 60 * HOUR)).not.toContain(student.id);
    const restarted = reminderScheduler({
      db: t.database.db,
      now: () => t.clock.now,
      everyMs: 0,
      rules: () => ({ leadHours: 24, timeZone: 'UTC', quietHours: null }),
      tell: t.app.deps.tell,
      notify: async () => {},
      warn: (error) => {
        throw error;
      },
    });
    await t.app.deps.reminders.stop();
    expect(await restarted.runOnce()).not.toContain(student.id);
    await restarted.stop();
    expect(await remindersOf(student)).toHaveLength(1);
  });

  it('do not remind work handed in, work not due, work given within the lead time, or a deactivated student', async () => {
    t.clock.now = START;
    const handedIn = await t.student();
    const assignmentId = await give(handedIn, 'Handed in', 30);
    const upload = await t.call('uploadAssignment', handedIn.token, {
      user_id: String(handedIn.id),
      subject: 'My essay',
      assignment_id: String(assignmentId),
      'files[]': [{ filename: 'work.pdf', content: samples.pdf, type: 'application/pdf' }],
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const lastMinute = await t.student();
    await give(lastMinute, 'Given late', 5);
    const away = await t.student();
    await give(away, 'Deactivated', 30);
    await t.database.db
      .updateTable('users')
      .set({ is_active: 0 })
      .where('id', '=', away.id)
      .execute();
    const reminded = await runAt(START + 10 * HOUR);
    expect(reminded).not.toContain(handedIn.id);
    expect(reminded).not.toContain(lastMinute.id);
    expect(reminded).not.toContain(away.id);
    // Past the due time, no reminder either: the lists say Overdue.
    expect(await runAt(START + 40 * HOUR)).not.toContain(lastMinute.id);
    expect(await remindersOf(handedIn)).toEqual([]);
    expect(await remindersOf(lastMinute)).toEqual([]);
  });

  it('reach the student at once on their live stream', async () => {
    // Given yesterday, due in five hours: reminded at the next run. (The stream is opened on
    // the clock its token was issued by: a session ends when its token expires.)
    t.clock.now = START;
    const student = await t.student();
    t.clock.now = START - 20 * HOUR;
    await give(student, 'Live one', 25);
    t.clock.now = START;
    const stream = await openStream(t, student.token);
    try {
      expect(await runAt(START + 60_000)).toContain(student.id);
      await stream.change('notifications');
    } finally {
      stream.close();
    }
  });

  it('follow the lead time the administrator saves, and none when it is 0', async () => {
    t.clock.now = START;
    const settings = async () =>
      (await t.call('getSettings', admin.token, {})).json().settings.reminder_lead_hours;
    expect(await settings()).toBe(24);
    expect((await saveLead('3')).statusCode).toBe(200);
    expect(await settings()).toBe(3);
    const student = await t.student();
    await give(student, 'Three hours', 10);
    expect(await runAt(START + 6 * HOUR)).not.toContain(student.id);
    expect(await runAt(START + 7 * HOUR)).toContain(student.id);

    t.clock.now = START;
    expect((await saveLead('0')).statusCode).toBe(200);
    const other = await t.student();
    await give(other, 'Never reminded', 10);
    expect(await runAt(START + 9 * HOUR)).toEqual([]);
    expect((await saveLead('24')).statusCode).toBe(200);
  });

  it('refuse a lead time that is not one of the choices', async () => {
    for (const bad of ['5', '-1', 'soon', '']) {
      const res = await saveLead(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/^The reminder time must be one of 0, 1, 3, 6, 12, 24/);
    }
  });

  it('wait for quiet hours to end unless the work is due before they do', async () => {
    t.clock.now = START;
    const quiet = await t.call('saveSettings', admin.token, {
      quiet_hours_from: '22:00',
      quiet_hours_to: '07:00',
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
    expect((await saveLead('12')).statusCode).toBe(200);
    try {
      // Given 12:00 on the 22nd, reminded 12 hours before the due time; at 23:00 it is quiet
      // until 07:00 on the 23rd.
      const waits = await t.student();
      await give(waits, 'After the quiet', 22); // due 10:00 on the 23rd
      const urgent = await t.student();
      await give(urgent, 'Before the end', 18); // due 06:00 on the 23rd
      const night = await runAt(START + 11 * HOUR);
      expect(night).toContain(urgent.id);
      expect(night).not.toContain(waits.id);
      expect(await runAt(START + 19 * HOUR)).toContain(waits.id); // 07:00
    } finally {
      await t.call('saveSettings', admin.token, { quiet_hours_from: '', quiet_hours_to: '' });
      await saveLead('24');
    }
  });

  it('are sent by one instance only: the lease holder, until it stops or lapses', async () => {
    // The app's own scheduler gives its lease up (it was taken on this test's clock, which
    // earlier tests moved back and forth): two other instances start from nobody holding it.
    await t.app.deps.reminders.stop();
    t.clock.now = START;
    const instance = (name: string, sent: number[][]) =>
      reminderScheduler({
        db: t.database.db,
        now: () => t.clock.now,
        everyMs: 0,
        rules: () => ({ leadHours: 24, timeZone: 'UTC', quietHours: null }),
        tell: t.app.deps.tell,
        notify: async (ids) => {
          sent.push(ids);
        },
        warn: (error) => {
          throw new Error(`${name}: ${String(error)}`);
        },
      });
    const sentByA: number[][] = [];
    const sentByB: number[][] = [];
    const a = instance('a', sentByA);
    const b = instance('b', sentByB);
    const first = await t.student();
    await give(first, 'First', 30);
    const second = await t.student();
    await give(second, 'Second', 40);

    // Both look at the same moment: one reminder, from one of them.
    t.clock.now = START + 10 * HOUR;
    const [byA, byB] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect([...byA, ...byB].filter((id) => id === first.id)).toHaveLength(1);
    expect(await remindersOf(first)).toHaveLength(1);
    const holder = byA.includes(first.id) ? a : b;
    const other = holder === a ? b : a;

    // The holder stops: it gives the lease up, and the other sends what comes next.
    await holder.stop();
    t.clock.now = START + 20 * HOUR;
    expect(await other.runOnce()).toContain(second.id);

    // An instance that dies keeps the lease until it lapses; then another takes over.
    expect(await holdLease(t.database.db, 'due-reminders', 'dead', t.clock.now, 3 * 60_000)).toBe(
      false,
    );
    await other.stop();
    expect(await holdLease(t.database.db, 'due-reminders', 'dead', t.clock.now, 3 * 60_000)).toBe(
      true,
    );
    const third = await t.student();
    t.clock.now = START + 20 * HOUR;
    await give(third, 'Third', 25);
    t.clock.now += HOUR + 60_000;
    expect(await holdLease(t.database.db, 'due-reminders', 'dead', t.clock.now, 3 * 60_000)).toBe(
      true,
    );
    const c = instance('c', []);
    expect(await c.runOnce()).toEqual([]);
    t.clock.now += 3 * 60_000;
    expect(await c.runOnce()).toContain(third.id);
    await c.stop();
    expect(await remindersOf(second)).toHaveLength(1);
    expect(await remindersOf(third)).toHaveLength(1);
  });

  it('notify once even when two runs write at the same moment (the record is the key)', async () => {
    t.clock.now = START;
    const students = await Promise.all([t.student(), t.student(), t.student()]);
    for (const [i, s] of students.entries()) await give(s, `Race ${i}`, 30);
    const now = START + 7 * HOUR;
    const rules = { leadHours: 24, timeZone: 'UTC', quietHours: null };
    const window = dueWindow(now, rules);
    if (!window) throw new Error('no window');
    const run = () =>
      sendDueReminders(t.database.db, {
        window,
        leadHours: 24,
        timeZone: 'UTC',
        now,
        tell: t.app.deps.tell,
      });
    const [first, second] = await Promise.all([run(), run()]);
    for (const s of students) {
      expect([...first, ...second].filter((id) => id === s.id)).toHaveLength(1);
      expect(await remindersOf(s)).toHaveLength(1);
    }
  });
});
