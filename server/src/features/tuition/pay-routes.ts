import { type Currency, formatMoney } from '@academy/contract/tuition/money';
import type { FastifyInstance } from 'fastify';
import { findClassHead } from '../../domain/classes.js';
import { handle } from '../../http/call.js';
import { toCsv } from '../../http/csv.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { byOf, currencyOf } from './money-context.js';
import {
  addAdjustment,
  allTeachers,
  findTeacher,
  type MonthPay,
  monthPay,
  saveRate,
  voidAdjustment,
} from './pay-data.js';

/**
 * Teachers' pay from the roll (issue 52, point 7). A teacher reads their own month and no
 * one else's; the administrators read everyone's, set the rates and add or cancel bonuses and
 * deductions, each in the audit log with its amounts. Who hears of a change: the teacher and
 * the administrators (no student: it is not their money).
 */

const HEADER = ['teacher', 'day', 'class', 'what', 'minutes', 'hourly rate', 'amount', 'note'];

const STATE_NOTES = {
  counted: '',
  'no-rate': 'no rate set',
  'no-length': 'no end time',
  'roll-not-taken': 'roll not taken',
} as const;

/** The month's lines as the CSV holds them: amounts as the currency writes them, no separators. */
function payTable(months: readonly MonthPay[], currency: Currency | null) {
  const money = (n: number | null) =>
    n === null ? '' : currency ? formatMoney(n, currency).replaceAll(',', '') : String(n);
  return months.flatMap(({ teacher, lines, adjustments, totals }) => [
    ...lines.map((l) => [
      teacher.name,
      l.day,
      l.class_name,
      'session',
      l.minutes ?? '',
      money(l.rate),
      money(l.amount),
      STATE_NOTES[l.state],
    ]),
    ...adjustments.map((a) => [
      teacher.name,
      a.created_at.slice(0, 10),
      '',
      a.kind,
      '',
      '',
      money(a.kind === 'bonus' ? a.amount : -a.amount),
      a.void ? `void: ${a.void.reason} (was: ${a.reason})` : a.reason,
    ]),
    [
      teacher.name,
      '',
      '',
      'total',
      totals.minutes,
      '',
      money(totals.total),
      totals.missing > 0 ? `${totals.missing} session(s) without a rate or an end time` : '',
    ],
  ]);
}

export function payRoutes(app: FastifyInstance) {
  handle(app, 'teacherPay', async ({ db, input, caller, today, settings }) => {
    // Money is the administrators' and each teacher's own pay; students read none of it.
    if (!caller.isAdmin && !caller.isTeacher) throw forbidden('Only staff see teachers’ pay.');
    const teacherId = input.teacher_id ?? (caller.isTeacher ? caller.id : undefined);
    if (teacherId === undefined) throw badRequest('Please choose the teacher.');
    if (!caller.isAdmin && teacherId !== caller.id)
      throw forbidden('You can only see your own pay.');
    const teacher = await findTeacher(db, teacherId);
    if (!teacher) throw notFound('No such teacher.');
    const [pay] = await monthPay(db, [teacher], input.month, today());
    if (!pay) throw notFound('No such teacher.');
    const classIds = [...pay.rates.classes.keys()];
    const names = new Map(
      await Promise.all(
        classIds.map(async (id) => [id, (await findClassHead(db, id))?.name ?? ''] as const),
      ),
    );
    return {
      success: true,
      currency: settings.current.currency,
      teacher,
      month: input.month,
      rates: {
        hourly: pay.rates.hourly,
        classes: classIds.map((id) => ({
          class_id: id,
          class_name: names.get(id) || 'A class that no longer exists',
          hourly: pay.rates.classes.get(id) ?? 0,
        })),
      },
      lines: pay.lines,
      adjustments: pay.adjustments,
      totals: pay.totals,
    };
  });

  handle(app, 'teacherPayList', async ({ db, input, today, settings }) => {
    const months = await monthPay(db, await allTeachers(db), input.month, today());
    return {
      success: true,
      currency: settings.current.currency,
      month: input.month,
      teachers: months.map(({ teacher, rates, totals }) => ({
        teacher_id: teacher.id,
        name: teacher.name,
        hourly: rates.hourly,
        ...totals,
      })),
      total: months.reduce((sum, m) => sum + m.totals.total, 0),
    };
  });

  handle(app, 'exportTeacherPay', async ({ db, input, today, settings }) => {
    const months = await monthPay(db, await allTeachers(db), input.month, today());
    return {
      success: true,
      csv: toCsv(HEADER, payTable(months, settings.current.currency)),
      file_name: `teacher-pay-${input.month}.csv`,
      count: months.length,
    };
  });

  handle(app, 'setTeacherRate', async (ctx) => {
    const { db, input, caller, now, today } = ctx;
    const currency = currencyOf(ctx);
    const teacher = await findTeacher(db, input.teacher_id);
    if (!teacher) throw notFound('No such teacher.');
    const classId = input.class_id ?? null;
    const schoolClass = classId === null ? null : await findClassHead(db, classId);
    if (classId !== null && !schoolClass) throw notFound('No such class.');
    const fromMonth = input.from_month ?? today().slice(0, 7);
    await saveRate(
      db,
      { teacherId: teacher.id, classId, hourly: input.hourly, fromMonth },
      byOf(caller),
      now(),
    );
    ctx.affects({ users: [teacher.id], administrators: true });
    ctx.request.auditDetails = {
      teacher: teacher.name,
      ...(schoolClass ? { class: schoolClass.name } : {}),
      hourly: input.hourly,
      from_month: fromMonth,
    };
    const what = schoolClass
      ? `${teacher.name}’s rate for “${schoolClass.name}”`
      : `${teacher.name}’s hourly rate`;
    return {
      success: true,
      message:
        input.hourly === null
          ? `${what} is cleared from ${fromMonth} on.`
          : `${what} is ${formatMoney(input.hourly, currency, { withCode: true })} an hour from ${fromMonth} on.`,
    };
  });

  handle(app, 'addPayAdjustment', async (ctx) => {
    const { db, input, caller, now } = ctx;
    const currency = currencyOf(ctx);
    const teacher = await findTeacher(db, input.teacher_id);
    if (!teacher) throw notFound('No such teacher.');
    const id = await addAdjustment(
      db,
      {
        teacherId: teacher.id,
        month: input.month,
        kind: input.kind,
        amount: input.amount,
        reason: input.reason,
      },
      byOf(caller),
      now(),
    );
    ctx.affects({ users: [teacher.id], administrators: true });
    ctx.request.auditDetails = { teacher: teacher.name, amount: input.amount };
    return {
      success: true,
      message: `A ${input.kind} of ${formatMoney(input.amount, currency, { withCode: true })} is on ${teacher.name}’s pay for ${input.month}.`,
      id,
    };
  });

  handle(app, 'voidPayAdjustment', async (ctx) => {
    const { db, input, caller, now, settings } = ctx;
    const outcome = await voidAdjustment(
      db,
      { id: input.adjustment_id, reason: input.reason },
      byOf(caller),
      now(),
    );
    if ('refused' in outcome) {
      if (outcome.refused === 'missing') throw notFound('No such pay adjustment.');
      if (outcome.refused === 'void') throw conflict('That row is a void: it cannot be voided.');
      throw conflict('That adjustment is cancelled already.');
    }
    const { voided } = outcome;
    const teacher = await findTeacher(db, voided.teacher_id);
    ctx.affects({ users: [voided.teacher_id], administrators: true });
    ctx.request.auditDetails = {
      teacher: teacher?.name ?? '',
      month: voided.month,
      voided_kind: voided.kind,
      amount: voided.amount,
    };
    const currency = settings.current.currency;
    const amount = currency
      ? formatMoney(voided.amount, currency, { withCode: true })
      : String(voided.amount);
    return {
      success: true,
      message: `The ${voided.kind} of ${amount} for ${voided.month} is cancelled.`,
    };
  });
}
