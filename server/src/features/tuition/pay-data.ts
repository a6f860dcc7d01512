import type { PayAdjustmentKind, PayAdjustmentView, PayLine, PayTotals } from '@academy/contract';
import { ROLE_ID } from '@academy/contract/constants';
import { sessionMinutes } from '@academy/contract/schedule-pattern';
import { fractionOf } from '@academy/contract/tuition/money';
import type { Db } from '../../db/index.js';
import { formatTimestamp } from '../../db/time.js';

/**
 * Teachers' pay from the roll (issue 52, point 7), worked out when asked: a session of the
 * month (its day, which is the academy's calendar day) pays the teacher who took its roll,
 * minutes × the rate for it ÷ 60, rounded half up; bonuses and deductions are added. Nothing
 * is stored but the rates and the adjustments (migration 0056).
 */

export interface Teacher {
  id: number;
  name: string;
}

/** The rates that apply to a month: the hourly one, and the class ones by class. */
export interface MonthRates {
  hourly: number | null;
  classes: Map<number, number>;
}

export interface MonthPay {
  teacher: Teacher;
  rates: MonthRates;
  lines: PayLine[];
  adjustments: PayAdjustmentView[];
  totals: PayTotals;
}

/** The first day of the month after `month` ('YYYY-MM'), 'YYYY-MM-DD'. */
export function nextMonthStart(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
}

export async function findTeacher(db: Db, id: number): Promise<Teacher | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('role_id', '=', ROLE_ID.teacher)
    .executeTakeFirst();
}

/** Every teacher, active or not, by name. */
export async function allTeachers(db: Db): Promise<Teacher[]> {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('role_id', '=', ROLE_ID.teacher)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The rates each teacher has for a month: the latest row of each kind from before it. */
async function ratesOf(db: Db, ids: number[], month: string): Promise<Map<number, MonthRates>> {
  const rows = await db
    .selectFrom('teacher_rates')
    .select(['teacher_id', 'class_id', 'hourly'])
    .where('teacher_id', 'in', ids)
    .where('from_month', '<=', month)
    .orderBy('from_month')
    .orderBy('id')
    .execute();
  const rates = new Map<number, MonthRates>(
    ids.map((id) => [id, { hourly: null, classes: new Map() }]),
  );
  for (const row of rows) {
    const of = rates.get(row.teacher_id);
    if (!of) continue;
    const hourly = row.hourly === null ? null : Number(row.hourly);
    if (row.class_id === null) of.hourly = hourly;
    else if (hourly === null) of.classes.delete(row.class_id);
    else of.classes.set(row.class_id, hourly);
  }
  return rates;
}

/** A session's line: its minutes, the rate it is paid at, and what that comes to. */
export function payLine(
  session: { id: number; class_id: number; class_name: string; day: string; time: string },
  rates: MonthRates,
  rollTaken: boolean,
): PayLine {
  const minutes = sessionMinutes(session.time);
  const rate = rates.classes.get(session.class_id) ?? rates.hourly;
  const base = {
    class_session_id: session.id,
    class_id: session.class_id,
    class_name: session.class_name,
    day: session.day,
    time: session.time,
    minutes,
    rate,
  };
  if (!rollTaken) return { ...base, amount: null, state: 'roll-not-taken' };
  if (minutes === null) return { ...base, amount: null, state: 'no-length' };
  if (rate === null) return { ...base, amount: null, state: 'no-rate' };
  return { ...base, amount: fractionOf(rate, minutes, 60), state: 'counted' };
}

export function totalsOf(lines: PayLine[], adjustments: PayAdjustmentView[]): PayTotals {
  const counted = lines.filter((l) => l.state === 'counted');
  const sessionsAmount = counted.reduce((sum, l) => sum + (l.amount ?? 0), 0);
  const adjusted = adjustments
    .filter((a) => a.void === null)
    .reduce((sum, a) => sum + (a.kind === 'bonus' ? a.amount : -a.amount), 0);
  return {
    sessions: counted.length,
    minutes: counted.reduce((sum, l) => sum + (l.minutes ?? 0), 0),
    sessions_amount: sessionsAmount,
    adjustments: adjusted,
    total: sessionsAmount + adjusted,
    missing: lines.filter((l) => l.state === 'no-rate' || l.state === 'no-length').length,
  };
}

/** The month's sessions that were held (none cancelled), in the order of the day. */
const monthSessions = (db: Db, month: string) =>
  db
    .selectFrom('class_sessions as s')
    .innerJoin('classes as c', 'c.id', 's.class_id')
    .select([
      's.id',
      's.class_id',
      'c.name as class_name',
      's.session_date as day',
      's.session_time as time',
    ])
    .where('s.cancelled_at', 'is', null)
    .where('s.session_date', '>=', `${month}-01`)
    .where('s.session_date', '<', nextMonthStart(month))
    .orderBy('s.session_date')
    .orderBy('s.session_time')
    .orderBy('s.id');

/**
 * Each teacher's month: the sessions whose roll they took (the one who took it taught), the
 * sessions of their classes whose day has come with no roll yet (listed, paying nothing), and
 * the month's adjustments. Cancelled sessions pay nobody.
 */
export async function monthPay(
  db: Db,
  teachers: Teacher[],
  month: string,
  today: string,
): Promise<MonthPay[]> {
  if (teachers.length === 0) return [];
  const ids = teachers.map((t) => t.id);
  const [rates, taken, unrolled, adjustments] = await Promise.all([
    ratesOf(db, ids, month),
    monthSessions(db, month)
      .select('s.roll_taken_by as teacher_id')
      .where('s.roll_taken_by', 'in', ids)
      .execute(),
    monthSessions(db, month)
      .innerJoin('class_teachers as ct', 'ct.class_id', 's.class_id')
      .select('ct.teacher_id')
      .where('ct.teacher_id', 'in', ids)
      .where('s.roll_taken_by', 'is', null)
      .where('s.session_date', '<=', today)
      .execute(),
    adjustmentsOf(db, ids, month),
  ]);
  return teachers.map((teacher) => {
    const of = rates.get(teacher.id) ?? { hourly: null, classes: new Map() };
    const lines = [
      ...taken.filter((s) => s.teacher_id === teacher.id).map((s) => payLine(s, of, true)),
      ...unrolled.filter((s) => s.teacher_id === teacher.id).map((s) => payLine(s, of, false)),
    ].sort(
      (a, b) =>
        a.day.localeCompare(b.day) ||
        a.time.localeCompare(b.time) ||
        a.class_session_id - b.class_session_id,
    );
    const own = adjustments.get(teacher.id) ?? [];
    return { teacher, rates: of, lines, adjustments: own, totals: totalsOf(lines, own) };
  });
}

/** The month's bonuses and deductions of each teacher, each with its void when it has one. */
async function adjustmentsOf(
  db: Db,
  ids: number[],
  month: string,
): Promise<Map<number, PayAdjustmentView[]>> {
  const rows = await db
    .selectFrom('pay_adjustments')
    .selectAll()
    .where('teacher_id', 'in', ids)
    .where('month', '=', month)
    .orderBy('id')
    .execute();
  const voids = new Map(rows.filter((r) => r.voids !== null).map((r) => [r.voids, r]));
  const views = new Map<number, PayAdjustmentView[]>();
  for (const row of rows) {
    if (row.kind === 'void') continue;
    const cancelled = voids.get(row.id);
    const list = views.get(row.teacher_id) ?? [];
    list.push({
      id: row.id,
      kind: row.kind,
      amount: Number(row.amount),
      reason: row.reason,
      created_by_name: row.created_by_name,
      created_at: formatTimestamp(Number(row.created_at)),
      void: cancelled
        ? {
            reason: cancelled.reason,
            created_by_name: cancelled.created_by_name,
            created_at: formatTimestamp(Number(cancelled.created_at)),
          }
        : null,
    });
    views.set(row.teacher_id, list);
  }
  return views;
}

type By = { id: number; name: string };

/** Writes a rate row (a new row always: a past month keeps the rate it had). */
export async function saveRate(
  db: Db,
  rate: { teacherId: number; classId: number | null; hourly: number | null; fromMonth: string },
  by: By,
  now: number,
): Promise<void> {
  await db
    .insertInto('teacher_rates')
    .values({
      teacher_id: rate.teacherId,
      class_id: rate.classId,
      hourly: rate.hourly,
      from_month: rate.fromMonth,
      set_by: by.id,
      set_by_name: by.name,
      created_at: now,
    })
    .execute();
}

export async function addAdjustment(
  db: Db,
  adjustment: {
    teacherId: number;
    month: string;
    kind: PayAdjustmentKind;
    amount: number;
    reason: string;
  },
  by: By,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('pay_adjustments')
    .values({
      teacher_id: adjustment.teacherId,
      month: adjustment.month,
      kind: adjustment.kind,
      amount: adjustment.amount,
      reason: adjustment.reason,
      voids: null,
      created_by: by.id,
      created_by_name: by.name,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type VoidOutcome =
  | { voided: { teacher_id: number; month: string; kind: string; amount: number } }
  | { refused: 'missing' | 'void' | 'voided' };

/** Cancels an adjustment with a void row, once (the unique `voids` holds it under a race). */
export async function voidAdjustment(
  db: Db,
  input: { id: number; reason: string },
  by: By,
  now: number,
): Promise<VoidOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('pay_adjustments')
      .select(['id', 'teacher_id', 'month', 'kind', 'amount'])
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!row) return { refused: 'missing' as const };
    if (row.kind === 'void') return { refused: 'void' as const };
    const inserted = await trx
      .insertInto('pay_adjustments')
      .values({
        teacher_id: row.teacher_id,
        month: row.month,
        kind: 'void',
        amount: row.amount,
        reason: input.reason,
        voids: row.id,
        created_by: by.id,
        created_by_name: by.name,
        created_at: now,
      })
      .onConflict((oc) => oc.column('voids').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return { refused: 'voided' as const };
    return { voided: { ...row, amount: Number(row.amount) } };
  });
}
