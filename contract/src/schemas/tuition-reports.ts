import { z } from 'zod';
import { INCOME_PERIODS, incomeRangeProblem } from '../tuition/reports.js';
import { CsvFileResponse, defineSchemas, OptionalId, wholeNumber } from './common.js';
import { CurrencyView, Day, PAYMENT_METHODS } from './tuition.js';

/**
 * New (issue 52, point 8): the money reports, the administrators' alone. Income per day or
 * month by method, what is outstanding per term, and the check of a year's receipt numbers.
 * Amounts are whole numbers of the currency's minor unit.
 */

export const MoneyIncomeRequest = z
  .object({
    from: Day('The first day must be a date, such as 2026-10-01.'),
    to: Day('The last day must be a date, such as 2026-10-31.'),
    by: z.enum(INCOME_PERIODS, { error: 'Income is shown by day or by month.' }).default('day'),
  })
  .superRefine((range, ctx) => {
    const problem = incomeRangeProblem(range.from, range.to);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'] });
  });
export type MoneyIncomeRequest = z.input<typeof MoneyIncomeRequest>;

/** Income of a period, or of the whole range: payments less refunds of rows no void cancels. */
export const IncomeFigures = z.object({
  /** Payments less refunds of each method (a refund without a method counts as 'other'). */
  by_method: z.record(z.enum(PAYMENT_METHODS), z.number()),
  /** What the payments brought in. */
  paid: z.number(),
  /** What the refunds gave back. */
  refunded: z.number(),
  /** paid − refunded. */
  net: z.number(),
  /** How many payments, and how many refunds. */
  payments: z.number().int(),
  refunds: z.number().int(),
});
export type IncomeFigures = z.infer<typeof IncomeFigures>;

export const MoneyIncomeResponse = z.object({
  success: z.literal(true),
  /** The academy's currency; null until it is set on Settings. */
  currency: CurrencyView.nullable(),
  from: z.string(),
  to: z.string(),
  by: z.enum(INCOME_PERIODS),
  /** The periods with a payment or a refund, in order: 'YYYY-MM-DD' or 'YYYY-MM'. */
  periods: z.array(IncomeFigures.extend({ period: z.string() })),
  totals: IncomeFigures,
});

export const MoneyOutstandingRequest = z.object({
  /** Only this term's row (the totals are then the term's). */
  term_id: OptionalId,
});

/** What is owed on a term's charges (or on charges of no term), worked out as statements do. */
export const OutstandingFigures = z.object({
  /** The term's charges no void cancels. */
  charged: z.number(),
  /** Discounts that name the term, no void cancelling them. */
  discounts: z.number(),
  /**
   * What the payers' credits (payments and discounts, less refunds) cover of the term's
   * instalments, set against every instalment oldest first: charged − outstanding.
   */
  paid: z.number(),
  /** What is still owed on the term's instalments. */
  outstanding: z.number(),
  /** What of it is past its due day (due before the academy's today). */
  overdue: z.number(),
  /** Payers charged; payers who still owe; payers with something overdue. */
  payers: z.number().int(),
  owing: z.number().int(),
  overdue_payers: z.number().int(),
});

export const TermOutstanding = OutstandingFigures.extend({
  /** null: charges that name no term. */
  term_id: z.number().int().nullable(),
  /** The term's name; null for no term, or a term no longer on record. */
  name: z.string().nullable(),
});

export const MoneyOutstandingResponse = z.object({
  success: z.literal(true),
  currency: CurrencyView.nullable(),
  /** The academy's today: what is due before it is overdue. */
  today: z.string(),
  /** By the terms' first days; charges of no term last. */
  terms: z.array(TermOutstanding),
  /** Over the rows shown (payers counted once however many terms they were charged in). */
  totals: OutstandingFigures,
});

export const ReceiptCheckRequest = z.object({
  /** The year of the receipt numbers (the counter's year); the academy's year when left out. */
  year: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    wholeNumber({
      least: 1000,
      leastWords: 1000,
      most: 9999,
      tooBig: 'must be a year such as 2026',
      digits: 4,
    }).optional(),
  ),
});

/**
 * One series of numbered documents checked for a year (receipts, or refund notes): every
 * number from 1 to the highest once.
 */
export const NumberSeriesCheck = z.object({
  /** The year's documents of the series. */
  count: z.number().int(),
  /** The highest number given, or null: none this year. */
  highest: z.string().nullable(),
  /** Numbers from 1 to the highest not found, in order (the first RECEIPT_CHECK_LIST_MAX). */
  missing: z.array(z.string()),
  missing_count: z.number().int(),
  /** Numbers found on more than one document. */
  repeated: z.array(z.string()),
  repeated_count: z.number().int(),
  /** Documents whose stored place is no number of the series at all. */
  unreadable: z.array(z.string()),
  /** Documents whose row a void cancels: they keep their numbers and are no gap. */
  voided: z.array(z.string()),
  voided_count: z.number().int(),
});

/** The year's receipts (the spec of issue 52, point 8), and its refund notes, their own series. */
export const ReceiptCheckResponse = z
  .object({
    success: z.literal(true),
    year: z.number().int(),
    /** Every year with a receipt or a refund note, newest first, and the academy's own year. */
    years: z.array(z.number().int()),
  })
  .extend(NumberSeriesCheck.shape)
  .extend({ refund_notes: NumberSeriesCheck });

export const tuitionReportSchemas = defineSchemas({
  moneyIncome: { request: MoneyIncomeRequest, response: MoneyIncomeResponse },
  exportMoneyIncome: { request: MoneyIncomeRequest, response: CsvFileResponse },
  moneyOutstanding: { request: MoneyOutstandingRequest, response: MoneyOutstandingResponse },
  receiptCheck: { request: ReceiptCheckRequest, response: ReceiptCheckResponse },
});
