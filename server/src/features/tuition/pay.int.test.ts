import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk as ok } from '../../test-support/expect-ok.js';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

/**
 * Issue 52, point 7: teachers' pay from the roll. Who took the roll is paid (a substitute for
 * the session they covered, the regular teacher not); a class rate beats the hourly rate;
 * minutes × rate ÷ 60 rounded half up; a rate from a month on leaves earlier months alone; the
 * month is the academy's calendar; adjustments and a voided one; who may read whose pay; CSV.
 */

let t: TestApp;
let admin: TestUser;
let reg: TestUser;
let sub: TestUser;
let other: TestUser;
let student: TestUser;
let alpha: number;
let beta: number;
const session: Record<string, number> = {};

const asAdmin = (name: Parameters<TestApp['callUnchecked']>[0], payload: Record<string, unknown>) =>
  t.callUnchecked(name, admin.token, payload);
const payOf = async (teacher: TestUser, month: string, as: TestUser = admin) =>
  (await ok(t.callUnchecked('teacherPay', as.token, { teacher_id: teacher.id, month }))).json();

beforeAll(async () => {
  // 2026-11-15 noon UTC.
  t = await createTestApp({ startAt: Date.UTC(2026, 10, 15, 12) });
  admin = await t.admin();
  await ok(
    asAdmin('saveSettings', {
      currency_code: 'IRR',
      currency_name: 'Rial',
      currency_decimals: '0',
    }),
  );
  alpha = (await ok(asAdmin('createClass', { name: 'Alpha' }))).json().class_id;
  beta = (await ok(asAdmin('createClass', { name: 'Beta' }))).json().class_id;
  reg = await t.teacher({ name: 'Reggie Regular', classIds: [alpha, beta] });
  sub = await t.teacher({ name: 'Sue Substitute', classIds: [alpha] });
  other = await t.teacher({ name: 'Olly Other' });
  student = await t.student({ name: 'Stu Dent' });
  await ok(asAdmin('addClassStudents', { class_id: alpha, user_ids: [student.id] }));
  await ok(asAdmin('addClassStudents', { class_id: beta, user_ids: [student.id] }));
  const db = t.app.deps.db;
  const made = async (key: string, classId: number, day: string, time: string) => {
    const row = await db
      .insertInto('class_sessions')
      .values({
        class_id: classId,
        session_date: day,
        session_day: 'Monday',
        session_time: time,
        created_at: 0,
        updated_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    session[key] = row.id;
  };
  await made('a1', alpha, '2026-11-03', '17:00 - 18:30');
  await made('a2', alpha, '2026-11-10', '17:00 - 18:30');
  await made('a3', alpha, '2026-11-12', '17:00 - 18:30');
  await made('b1', beta, '2026-11-04', '09:00 - 09:50');
  await made('b2', beta, '2026-11-05', '09:00');
  await made('oct', alpha, '2026-10-31', '17:00 - 18:30');
  await made('dec', alpha, '2026-12-01', '17:00 - 18:30');
  await made('off', alpha, '2026-11-06', '17:00 - 18:30');
  const roll = (who: TestUser, key: string) =>
    ok(
      t.callUnchecked('saveRoll', who.token, {
        class_session_id: session[key],
        marks: [{ user_id: student.id, mark: 'present' }],
      }),
    );
  await roll(reg, 'a1');
  await roll(sub, 'a2');
  await roll(reg, 'b1');
  await roll(reg, 'b2');
  await roll(reg, 'oct');
  await roll(reg, 'off');
  await db
    .updateTable('class_sessions')
    .set({ cancelled_at: 1 })
    .where('id', '=', session.off as number)
    .execute();
});

afterAll(async () => {
  await t.close();
});

describe('a teacher’s month', () => {
  it('lists a teacher without a rate with the rate missing and no amount', async () => {
    const pay = await payOf(sub, '2026-11');
    expect(pay.rates.hourly).toBeNull();
    const covered = pay.lines.find(
      (l: { class_session_id: number }) => l.class_session_id === session.a2,
    );
    expect(covered).toMatchObject({ state: 'no-rate', minutes: 90, rate: null, amount: null });
    expect(pay.totals).toMatchObject({ total: 0, missing: 1 });
  });

  it('pays who took the roll: the substitute for the session they covered, the regular not', async () => {
    await ok(
      asAdmin('setTeacherRate', { teacher_id: reg.id, hourly: 400_000, from_month: '2026-11' }),
    );
    await ok(
      asAdmin('setTeacherRate', { teacher_id: sub.id, hourly: 300_000, from_month: '2026-11' }),
    );
    const subPay = await payOf(sub, '2026-11');
    const covered = subPay.lines.filter((l: { state: string }) => l.state === 'counted');
    expect(covered).toEqual([
      expect.objectContaining({
        class_session_id: session.a2,
        minutes: 90,
        rate: 300_000,
        amount: 450_000,
      }),
    ]);
    const regPay = await payOf(reg, '2026-11');
    const ids = regPay.lines.map((l: { class_session_id: number }) => l.class_session_id);
    expect(ids).not.toContain(session.a2);
    // Cancelled, and of other months: not in November.
    expect(ids).not.toContain(session.off);
    expect(ids).not.toContain(session.oct);
    expect(ids).not.toContain(session.dec);
  });

  it('uses a class rate before the hourly rate, and rounds minutes × rate half up', async () => {
    await ok(
      asAdmin('setTeacherRate', {
        teacher_id: reg.id,
        class_id: beta,
        hourly: 333_333,
        from_month: '2026-11',
      }),
    );
    const pay = await payOf(reg, '2026-11');
    const line = (key: string) =>
      pay.lines.find((l: { class_session_id: number }) => l.class_session_id === session[key]);
    expect(line('a1')).toMatchObject({ state: 'counted', rate: 400_000, amount: 600_000 });
    // 50 × 333,333 ÷ 60 = 277,777.5: half up.
    expect(line('b1')).toMatchObject({
      state: 'counted',
      minutes: 50,
      rate: 333_333,
      amount: 277_778,
    });
    expect(line('b2')).toMatchObject({ state: 'no-length', minutes: null, amount: null });
    // Alpha's session on the 12th has no roll: listed, paying nobody.
    expect(line('a3')).toMatchObject({ state: 'roll-not-taken', amount: null });
    expect(pay.rates.classes).toEqual([{ class_id: beta, class_name: 'Beta', hourly: 333_333 }]);
    expect(pay.totals).toMatchObject({
      sessions: 2,
      minutes: 140,
      sessions_amount: 877_778,
      adjustments: 0,
      total: 877_778,
      missing: 1,
    });
  });

  it('keeps a past month’s rate when a new one starts later', async () => {
    await ok(
      asAdmin('setTeacherRate', { teacher_id: reg.id, hourly: 500_000, from_month: '2026-12' }),
    );
    expect((await payOf(reg, '2026-11')).rates.hourly).toBe(400_000);
    expect((await payOf(reg, '2026-12')).rates.hourly).toBe(500_000);
    // October is before any rate of Reggie's.
    const october = await payOf(reg, '2026-10');
    expect(october.lines).toEqual([
      expect.objectContaining({ class_session_id: session.oct, state: 'no-rate' }),
    ]);
  });

  it('adds bonuses and deductions, and a voided one counts for nothing', async () => {
    const add = (kind: string, amount: number, reason: string) =>
      ok(
        asAdmin('addPayAdjustment', { teacher_id: reg.id, month: '2026-11', kind, amount, reason }),
      );
    await add('bonus', 100_000, 'Exam week');
    const wrong = (await add('deduction', 30_000, 'Late')).json().id;
    await add('deduction', 20_000, 'Left early');
    const voided = await ok(
      asAdmin('voidPayAdjustment', { adjustment_id: wrong, reason: 'Was not late' }),
    );
    expect(voided.json().message).toContain('30,000 IRR');
    const again = await asAdmin('voidPayAdjustment', { adjustment_id: wrong, reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    const pay = await payOf(reg, '2026-11');
    expect(pay.adjustments).toHaveLength(3);
    expect(pay.adjustments[1]).toMatchObject({
      kind: 'deduction',
      amount: 30_000,
      void: { reason: 'Was not late' },
    });
    expect(pay.totals).toMatchObject({ adjustments: 80_000, total: 957_778 });
    // The books are kept: an adjustment is never changed or deleted, even by hand.
    await expect(
      t.app.deps.db.deleteFrom('pay_adjustments').where('id', '=', wrong).execute(),
    ).rejects.toThrow();
    const audit = await t.app.deps.db
      .selectFrom('audit_log')
      .select(['action', 'details', 'actor_name'])
      .where('action', 'in', ['addPayAdjustment', 'voidPayAdjustment', 'setTeacherRate'])
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(8);
    const voidEntry = audit.find((a) => a.action === 'voidPayAdjustment');
    expect(voidEntry?.details).toContain('30000');
    expect(voidEntry?.details).toContain('Reggie Regular');
  });

  it('refuses bad input in words', async () => {
    const bad = await asAdmin('addPayAdjustment', {
      teacher_id: reg.id,
      month: '2026-13',
      kind: 'tip',
      amount: 0,
      reason: '',
    });
    expect(bad.statusCode).toBe(400);
    const student404 = await asAdmin('setTeacherRate', { teacher_id: student.id, hourly: 1 });
    expect(student404.statusCode).toBe(404);
    const noTeacher = await asAdmin('teacherPay', { month: '2026-11' });
    expect(noTeacher.statusCode).toBe(400);
    const missing = await asAdmin('voidPayAdjustment', { adjustment_id: 999_999, reason: 'x' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('who reads whose pay', () => {
  it('shows a teacher their own month, and refuses another’s', async () => {
    const own = (await ok(t.callUnchecked('teacherPay', reg.token, { month: '2026-11' }))).json();
    expect(own.teacher.name).toBe('Reggie Regular');
    expect(own.totals.total).toBe(957_778);
    expect((await payOf(reg, '2026-11', reg)).totals.total).toBe(957_778);
    const others = await t.callUnchecked('teacherPay', other.token, {
      teacher_id: reg.id,
      month: '2026-11',
    });
    expect(others.statusCode).toBe(403);
    expect(others.body).not.toContain('957');
    const asStudent = await t.callUnchecked('teacherPay', student.token, {
      teacher_id: reg.id,
      month: '2026-11',
    });
    expect(asStudent.statusCode).toBe(403);
    const list = await t.callUnchecked('teacherPayList', reg.token, { month: '2026-11' });
    expect(list.statusCode).toBe(403);
  });
});

describe('the month’s list and its CSV', () => {
  it('totals every teacher, and writes the lines as CSV', async () => {
    const list = (await ok(asAdmin('teacherPayList', { month: '2026-11' }))).json();
    expect(list.teachers.map((r: { name: string }) => r.name)).toEqual([
      'Olly Other',
      'Reggie Regular',
      'Sue Substitute',
    ]);
    expect(list.total).toBe(957_778 + 450_000);
    const csv = (await ok(asAdmin('exportTeacherPay', { month: '2026-11' }))).json();
    expect(csv.file_name).toBe('teacher-pay-2026-11.csv');
    expect(csv.csv).toContain('Reggie Regular,2026-11-03,Alpha,session,90,400000,600000,');
    expect(csv.csv).toContain('roll not taken');
    expect(csv.csv).toContain('Reggie Regular,,,total,140,,957778,');
  });
});

describe('the academy’s calendar', () => {
  it('counts a day by the academy’s time zone', async () => {
    await ok(asAdmin('saveSettings', { time_zone: 'Asia/Tehran' }));
    // 21:00 UTC on 30 November is already 1 December in Tehran: December's session is due.
    t.clock.now = Date.UTC(2026, 10, 30, 21);
    const december = await payOf(reg, '2026-12');
    expect(december.lines).toEqual([
      expect.objectContaining({ class_session_id: session.dec, state: 'roll-not-taken' }),
    ]);
    await ok(asAdmin('saveSettings', { time_zone: 'UTC' }));
    expect((await payOf(reg, '2026-12')).lines).toEqual([]);
  });
});
