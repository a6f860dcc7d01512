import { z } from 'zod';
import {
  CsvFileResponse,
  defineSchemas,
  Id,
  OptionalId,
  SuccessResponse,
  Timestamp,
  text,
} from './common.js';
import { Amount, CurrencyView, LEDGER_TEXT_MAX } from './tuition.js';

/**
 * New (issue 52, point 7): teachers' pay from the roll, on the wire. Amounts are whole numbers
 * of the currency's minor unit; a rate is an amount an hour; a month is 'YYYY-MM' of the
 * academy's calendar (a session counts in the month of its day).
 */

/** A month, 'YYYY-MM'. */
export const Month = z
  .string({ error: 'The month must be a month, such as 2026-11.' })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'The month must be a month, such as 2026-11.' });

export const PAY_ADJUSTMENT_KINDS = ['bonus', 'deduction'] as const;
export type PayAdjustmentKind = (typeof PAY_ADJUSTMENT_KINDS)[number];

/**
 * Why a session is listed and what it pays: 'counted' (its roll taken by the teacher, its
 * length and rate known), 'no-rate' (the teacher has no rate for it yet), 'no-length' (its
 * time has no end to count from), 'roll-not-taken' (a session of the teacher's class whose
 * day has come, with no roll: it pays nobody until someone takes it).
 */
export const PAY_LINE_STATES = ['counted', 'no-rate', 'no-length', 'roll-not-taken'] as const;
export type PayLineState = (typeof PAY_LINE_STATES)[number];

export const SetTeacherRateRequest = z.object({
  teacher_id: Id,
  /** A class: the teacher's rate for its sessions; left out: their hourly rate. */
  class_id: OptionalId,
  /** An amount an hour; null ends it (a class's sessions are paid at the hourly rate again). */
  hourly: Amount('The rate').nullable(),
  /** The first month it applies to; the academy's current month when left out. */
  from_month: Month.optional(),
});

export const TeacherPayRequest = z.object({
  /** The teacher; a teacher may leave it out (their own) and may name only themself. */
  teacher_id: OptionalId,
  month: Month,
});

export const PayLine = z.object({
  class_session_id: Id,
  class_id: Id,
  class_name: z.string(),
  /** 'YYYY-MM-DD'. */
  day: z.string(),
  time: z.string(),
  /** End less start; null when the time has no end. */
  minutes: z.number().nullable(),
  /** The rate an hour it is paid at; null when none is set. */
  rate: z.number().nullable(),
  /** minutes × rate ÷ 60, rounded half up; null when it cannot be worked out or is not due. */
  amount: z.number().nullable(),
  state: z.enum(PAY_LINE_STATES),
});
export type PayLine = z.infer<typeof PayLine>;

export const PayAdjustmentView = z.object({
  id: Id,
  kind: z.enum(PAY_ADJUSTMENT_KINDS),
  amount: z.number(),
  reason: z.string(),
  created_by_name: z.string(),
  created_at: Timestamp,
  /** Its void, when it was cancelled. */
  void: z
    .object({ reason: z.string(), created_by_name: z.string(), created_at: Timestamp })
    .nullable(),
});
export type PayAdjustmentView = z.infer<typeof PayAdjustmentView>;

export const TeacherRateView = z.object({
  /** The hourly rate for the month; null: none. */
  hourly: z.number().nullable(),
  /** The class rates for the month. */
  classes: z.array(z.object({ class_id: Id, class_name: z.string(), hourly: z.number() })),
});

export const PayTotals = z.object({
  /** Sessions counted, and their minutes. */
  sessions: z.number(),
  minutes: z.number(),
  /** What the counted sessions pay. */
  sessions_amount: z.number(),
  /** Bonuses less deductions, voided ones left out. */
  adjustments: z.number(),
  /** sessions_amount + adjustments (below 0 only if deductions pass the sessions). */
  total: z.number(),
  /** Sessions with a roll taken that pay nothing yet: no rate, or no length. */
  missing: z.number(),
});
export type PayTotals = z.infer<typeof PayTotals>;

export const TeacherPayResponse = z.object({
  success: z.literal(true),
  currency: CurrencyView.nullable(),
  teacher: z.object({ id: Id, name: z.string() }),
  month: z.string(),
  rates: TeacherRateView,
  lines: z.array(PayLine),
  adjustments: z.array(PayAdjustmentView),
  totals: PayTotals,
});
export type TeacherPayResponse = z.infer<typeof TeacherPayResponse>;

export const TeacherPayMonthRequest = z.object({ month: Month });

export const TeacherPayListResponse = z.object({
  success: z.literal(true),
  currency: CurrencyView.nullable(),
  month: z.string(),
  teachers: z.array(
    PayTotals.extend({
      teacher_id: Id,
      name: z.string(),
      /** The teacher's hourly rate for the month; null: none. */
      hourly: z.number().nullable(),
    }),
  ),
  /** The month's pay, every teacher's together. */
  total: z.number(),
});
export type TeacherPayListResponse = z.infer<typeof TeacherPayListResponse>;

export const AddPayAdjustmentRequest = z.object({
  teacher_id: Id,
  month: Month,
  kind: z.enum(PAY_ADJUSTMENT_KINDS, { error: 'The kind must be bonus or deduction.' }),
  amount: Amount('The amount').refine((n) => n > 0, { error: 'The amount must be more than 0.' }),
  reason: text(LEDGER_TEXT_MAX, 'Please give the reason.'),
});

export const AddPayAdjustmentResponse = SuccessResponse.extend({ id: Id });

export const VoidPayAdjustmentRequest = z.object({
  adjustment_id: Id,
  reason: text(LEDGER_TEXT_MAX, 'Please give the reason for cancelling it.'),
});

export const tuitionPaySchemas = defineSchemas({
  setTeacherRate: { request: SetTeacherRateRequest, response: SuccessResponse },
  teacherPay: { request: TeacherPayRequest, response: TeacherPayResponse },
  teacherPayList: { request: TeacherPayMonthRequest, response: TeacherPayListResponse },
  exportTeacherPay: { request: TeacherPayMonthRequest, response: CsvFileResponse },
  addPayAdjustment: { request: AddPayAdjustmentRequest, response: AddPayAdjustmentResponse },
  voidPayAdjustment: { request: VoidPayAdjustmentRequest, response: SuccessResponse },
});
