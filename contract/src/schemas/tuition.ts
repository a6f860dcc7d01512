import { z } from 'zod';
import { INSTALMENT_LABEL_MAX, INSTALMENT_PARTS_MAX } from '../tuition/instalments.js';
import { LEDGER_KINDS } from '../tuition/ledger.js';
import { isAmount, MONEY_MAX } from '../tuition/money.js';
import {
  defineSchemas,
  FileBytes,
  Id,
  SavedResponse,
  SuccessResponse,
  Timestamp,
  text,
} from './common.js';

/**
 * New (issue 52): tuition and payments on the wire. Amounts are whole numbers of the
 * currency's minor unit (contract/src/tuition/money.ts), sent as JSON numbers; the screens
 * read what people type with parseMoney and send the number. A plan's sums and order are
 * checked by the server with planProblems, which needs the term's first day.
 */

import { FEE_ITEMS_MAX, LEDGER_TEXT_MAX, PAYMENT_METHODS } from '../tuition/limits.js';

// The screens read these from '@academy/contract/tuition/limits' (no zod in the browser's
// chunk); the server and tests from here, as before.
export {
  FEE_ITEMS_MAX,
  LEDGER_TEXT_MAX,
  PAYMENT_METHOD_WORDS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../tuition/limits.js';

/** An amount in minor units, 0 to MONEY_MAX, with `what` named in the words of a refusal. */
export const Amount = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of the currency’s smallest unit.` })
    .refine(isAmount, {
      error: `${what} must be a whole amount from 0 to ${MONEY_MAX}.`,
    });

/** A calendar day, 'YYYY-MM-DD', that exists. */
export const Day = (words: string) =>
  z
    .string({ error: words })
    .trim()
    .refine(
      (v) => {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
      },
      { error: words },
    );

export const CurrencyView = z.object({ code: z.string(), name: z.string(), decimals: z.number() });

const DueRule = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('on_joining') }),
    z.object({
      kind: z.literal('weeks_after_start'),
      weeks: z.number({ error: 'A part’s weeks must be a whole number.' }),
    }),
    z.object({
      kind: z.literal('on_date'),
      day: z.string({ error: 'A part’s date must be a date, such as 2026-10-01.' }),
    }),
  ],
  { error: 'A part is due on joining, a number of weeks after the start, or on a date.' },
);

const FeeItem = z.object({
  label: text(INSTALMENT_LABEL_MAX, 'Each item needs a label, like “Books”.'),
  amount: Amount('An item’s amount'),
});

const InstalmentPart = z.object({
  // Blank labels are planProblems' to name ("Part 2 needs a label"), with the part's number.
  label: z.string({ error: 'A part’s label must be text.' }).trim(),
  due: DueRule,
  amount: Amount('A part’s amount'),
});

/** A class's fee plan for a term as the plan editor sends it. */
export const SaveFeePlanRequest = z.object({
  class_id: Id,
  term_id: Id,
  tuition: Amount('The tuition'),
  items: z
    .array(FeeItem, { error: 'The items must be a list.' })
    .max(FEE_ITEMS_MAX, { error: `A plan has at most ${FEE_ITEMS_MAX} items.` })
    .default([]),
  parts: z
    .array(InstalmentPart, { error: 'The parts must be a list.' })
    .max(INSTALMENT_PARTS_MAX, { error: `A plan has at most ${INSTALMENT_PARTS_MAX} parts.` }),
});

export const FeePlan = z.object({
  id: Id,
  class_id: Id,
  term_id: Id,
  tuition: z.number(),
  items: z.array(z.object({ label: z.string(), amount: z.number() })),
  parts: z.array(
    z.object({
      label: z.string(),
      due: z.union([
        z.object({ kind: z.literal('on_joining') }),
        z.object({ kind: z.literal('weeks_after_start'), weeks: z.number() }),
        z.object({ kind: z.literal('on_date'), day: z.string() }),
      ]),
      amount: z.number(),
    }),
  ),
  /** The tuition and the items: what a student is charged, and what the parts add up to. */
  total: z.number(),
  /** How many students have been charged this plan (their charges not voided). */
  charged: z.number(),
  updated_at: Timestamp,
});

export const ClassTermRequest = z.object({ class_id: Id, term_id: Id });

export const GetFeePlanResponse = z.object({
  success: z.literal(true),
  plan: FeePlan.nullable(),
  /** The academy's currency; null until it is set on Settings. */
  currency: CurrencyView.nullable(),
});

export const ChargeClassFeesResponse = SuccessResponse.extend({
  charged: z.number(),
  /** Students charged this plan already, left as they were. */
  skipped: z.number(),
});

export const StatementRequest = z.object({ student_id: Id });

export const LedgerRowView = z.object({
  id: Id,
  kind: z.enum(LEDGER_KINDS),
  amount: z.number(),
  reason: z.string(),
  day: z.string(),
  /** A void's row. */
  voids: Id.nullable(),
  /** The void that cancels this row, if one does. */
  voided_by: Id.nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  reference: z.string(),
  cheque_number: z.string(),
  cheque_day: z.string(),
  /** The number of the row's document: a payment's receipt, a refund's refund note; null if none. */
  document_number: z.string().nullable(),
  created_by_name: z.string(),
  created_at: Timestamp,
});

export const StatementInstalment = z.object({
  id: Id,
  charge_id: Id,
  label: z.string(),
  due_day: z.string(),
  amount: z.number(),
  /** What is still owed on it once the payer's payments are set against the oldest first. */
  outstanding: z.number(),
});

export const Receipt = z.object({
  number: z.string(),
  payment_id: Id,
  amount: z.number(),
  day: z.string(),
  method: z.enum(PAYMENT_METHODS),
  /** Its payment was voided: the receipt keeps its number and shows VOID. */
  void: z.boolean(),
});

/** A refund's own document (issue 52, point 3): numbered from its own counter. */
export const RefundNote = z.object({
  number: z.string(),
  refund_id: Id,
  amount: z.number(),
  day: z.string(),
  /** How the money went back; null for a refund recorded before it was asked. */
  method: z.enum(PAYMENT_METHODS).nullable(),
  /** Its refund was voided: the note keeps its number and shows VOID. */
  void: z.boolean(),
});

export const StatementResponse = z.object({
  success: z.literal(true),
  student: z.object({ id: Id, name: z.string() }),
  currency: CurrencyView.nullable(),
  /** What the payer owes; below 0, their credit. */
  balance: z.number(),
  rows: z.array(LedgerRowView),
  instalments: z.array(StatementInstalment),
  receipts: z.array(Receipt),
  refund_notes: z.array(RefundNote),
});

export const LedgerText = (what: string) =>
  z
    .string({ error: `${what} must be text.` })
    .trim()
    .max(LEDGER_TEXT_MAX, { error: `${what} must be at most ${LEDGER_TEXT_MAX} characters.` });

/** A method a payment came in by, or a refund went back by, as typed on the desk's forms. */
export const PaymentMethodField = z.enum(PAYMENT_METHODS, {
  error: 'The method must be cash, card_reader, card_transfer, bank_deposit, cheque or other.',
});

/** A payment at the desk. A cheque needs its number and date. */
export const RecordPaymentRequest = z
  .object({
    /** The payer (a student). */
    user_id: Id,
    amount: Amount('The amount').refine((n) => n > 0, {
      error: 'The amount must be more than 0.',
    }),
    day: Day('The payment’s date must be a date, such as 2026-10-01.'),
    method: PaymentMethodField,
    reference: LedgerText('The reference').default(''),
    cheque_number: LedgerText('The cheque’s number').default(''),
    cheque_day: z.preprocess(
      (v) => (v === '' ? undefined : v),
      Day('The cheque’s date must be a date, such as 2026-10-01.').optional(),
    ),
  })
  .superRefine((payment, ctx) => {
    if (payment.method !== 'cheque') return;
    if (payment.cheque_number === '')
      ctx.addIssue({
        code: 'custom',
        path: ['cheque_number'],
        message: 'Please enter the cheque’s number.',
      });
    if (payment.cheque_day === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['cheque_day'],
        message: 'Please enter the cheque’s date.',
      });
  });

export const RecordPaymentResponse = SuccessResponse.extend({
  payment_id: Id,
  receipt_number: z.string(),
  /** What the payer owes after the payment; below 0, their credit. */
  balance: z.number(),
  /** The instalments the payment paid, oldest first, and what it paid on each. */
  allocations: z.array(z.object({ instalment_id: Id, amount: z.number() })),
});

/** One payment for a payer's family: each child's share, with its own receipt. */
export const RecordFamilyPaymentResponse = SuccessResponse.extend({
  receipts: z.array(
    z.object({
      user_id: Id,
      name: z.string(),
      payment_id: Id,
      receipt_number: z.string(),
      amount: z.number(),
      /** What the child owes after it; below 0, their credit. */
      balance: z.number(),
    }),
  ),
});

export const VoidLedgerRowRequest = z.object({
  /** The payer whose row it is. */
  user_id: Id,
  row_id: Id,
  reason: text(LEDGER_TEXT_MAX, 'Please give the reason for voiding it.'),
});

export const VoidLedgerRowResponse = SuccessResponse.extend({ balance: z.number() });

export const FindPayersRequest = z.object({
  q: z
    .string({ error: 'Please type a name to search for.' })
    .trim()
    .min(1, { error: 'Please type a name to search for.' })
    .max(100, { error: 'The search must be at most 100 characters.' }),
});

export const FindPayersResponse = z.object({
  success: z.literal(true),
  payers: z.array(
    z.object({ id: Id, name: z.string(), username: z.string(), balance: z.number() }),
  ),
});

/** A payment's receipt (a PDF), by the payment's ledger row. */
export const DownloadReceiptRequest = z.object({ payment_id: Id });

/** A refund's note (a PDF), by the refund's ledger row. */
export const DownloadRefundNoteRequest = z.object({ refund_id: Id });

export const tuitionSchemas = defineSchemas({
  getFeePlan: { request: ClassTermRequest, response: GetFeePlanResponse },
  saveFeePlan: { request: SaveFeePlanRequest, response: SavedResponse },
  chargeClassFees: { request: ClassTermRequest, response: ChargeClassFeesResponse },
  getStatement: { request: StatementRequest, response: StatementResponse },
  recordPayment: { request: RecordPaymentRequest, response: RecordPaymentResponse },
  /** The same fields as a payment; `user_id` is the child whose statement is open. */
  recordFamilyPayment: { request: RecordPaymentRequest, response: RecordFamilyPaymentResponse },
  voidLedgerRow: { request: VoidLedgerRowRequest, response: VoidLedgerRowResponse },
  findPayers: { request: FindPayersRequest, response: FindPayersResponse },
  downloadReceipt: { request: DownloadReceiptRequest, response: FileBytes },
  downloadRefundNote: { request: DownloadRefundNoteRequest, response: FileBytes },
});
