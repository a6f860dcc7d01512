import { type IncomeFigures, PAYMENT_METHOD_WORDS, PAYMENT_METHODS } from '@academy/contract';
import { type Currency, formatMoney } from '@academy/contract/tuition/money';
import type { FastifyInstance } from 'fastify';
import { findTerm } from '../../domain/terms.js';
import { handle } from '../../http/call.js';
import { toCsv } from '../../http/csv.js';
import { notFound } from '../../http/errors.js';
import {
  checkNumbers,
  incomeOf,
  outstandingByTerm,
  receiptYears,
  type TermFigures,
  termsNamed,
} from './reports-data.js';

/**
 * The money reports (issue 52, point 8): income per day or month by method (and as CSV, in
 * the app's one writer), what is outstanding per term, and the check of a year's receipt
 * numbers. Administrators only, as the route table says; reads, so not audited.
 */

const INCOME_HEADER = [
  'period',
  ...PAYMENT_METHODS.map((m) => PAYMENT_METHOD_WORDS[m].toLowerCase()),
  'paid',
  'refunded',
  'net',
  'payments',
  'refunds',
];

/** The income's lines, and a last one of the totals: amounts as the currency writes them, without separators. */
function incomeTable(
  periods: readonly (IncomeFigures & { period: string })[],
  totals: IncomeFigures,
  currency: Currency | null,
) {
  const money = (n: number) =>
    currency ? formatMoney(n, currency).replaceAll(',', '') : String(n);
  const line = (period: string, f: IncomeFigures) => [
    period,
    ...PAYMENT_METHODS.map((m) => money(f.by_method[m])),
    money(f.paid),
    money(f.refunded),
    money(f.net),
    f.payments,
    f.refunds,
  ];
  return [...periods.map((p) => line(p.period, p)), line('total', totals)];
}

/** A term's figures on the wire, its payers counted. */
const figuresOf = (t: Omit<TermFigures, 'term_id'>) => ({
  charged: t.charged,
  discounts: t.discounts,
  paid: t.paid,
  outstanding: t.outstanding,
  overdue: t.overdue,
  payers: t.payers.size,
  owing: t.owing.size,
  overdue_payers: t.overdueOf.size,
});

/** The terms' rows summed, each payer counted once however many terms they were charged in. */
function totalOf(terms: readonly TermFigures[]) {
  const union = (pick: (t: TermFigures) => Set<number>) =>
    new Set(terms.flatMap((t) => [...pick(t)]));
  const sum = (pick: (t: TermFigures) => number) => terms.reduce((n, t) => n + pick(t), 0);
  return figuresOf({
    charged: sum((t) => t.charged),
    discounts: sum((t) => t.discounts),
    paid: sum((t) => t.paid),
    outstanding: sum((t) => t.outstanding),
    overdue: sum((t) => t.overdue),
    payers: union((t) => t.payers),
    owing: union((t) => t.owing),
    overdueOf: union((t) => t.overdueOf),
  });
}

export function reportRoutes(app: FastifyInstance) {
  handle(app, 'moneyIncome', async ({ db, input, settings }) => {
    const { periods, totals } = await incomeOf(db, input);
    return {
      success: true,
      currency: settings.current.currency,
      from: input.from,
      to: input.to,
      by: input.by,
      periods,
      totals,
    };
  });

  handle(app, 'exportMoneyIncome', async ({ db, input, settings }) => {
    const { periods, totals } = await incomeOf(db, input);
    return {
      success: true,
      csv: toCsv(INCOME_HEADER, incomeTable(periods, totals, settings.current.currency)),
      file_name: `income-by-${input.by}-${input.from}-to-${input.to}.csv`,
      count: periods.length,
    };
  });

  handle(app, 'moneyOutstanding', async ({ db, input, settings, today }) => {
    if (input.term_id !== undefined && !(await findTerm(db, input.term_id)))
      throw notFound('No such term.');
    const day = today();
    const terms = await outstandingByTerm(db, day, input.term_id);
    const named = new Map(
      (
        await termsNamed(
          db,
          terms.flatMap((t) => (t.term_id === null ? [] : [t.term_id])),
        )
      ).map((t) => [t.id, t]),
    );
    // By the terms' first days; a term no longer on record after them, no term last.
    const order = (t: TermFigures) =>
      t.term_id === null ? '~' : (named.get(t.term_id)?.first_day ?? `}${t.term_id}`);
    terms.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
    return {
      success: true,
      currency: settings.current.currency,
      today: day,
      terms: terms.map((t) => ({
        term_id: t.term_id,
        name: t.term_id === null ? null : (named.get(t.term_id)?.name ?? null),
        ...figuresOf(t),
      })),
      totals: totalOf(terms),
    };
  });

  handle(app, 'receiptCheck', async ({ db, input, today }) => {
    const thisYear = Number(today().slice(0, 4));
    const year = input.year ?? thisYear;
    const [receipts, refundNotes, years] = await Promise.all([
      checkNumbers(db, 'receipts', year),
      checkNumbers(db, 'refund_notes', year),
      receiptYears(db),
    ]);
    return {
      success: true,
      year,
      years: [...new Set([thisYear, ...years])].sort((a, b) => b - a),
      ...receipts,
      refund_notes: refundNotes,
    };
  });
}
