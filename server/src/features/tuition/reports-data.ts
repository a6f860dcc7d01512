import { type IncomeFigures, PAYMENT_METHODS, type PaymentMethod } from '@academy/contract';
import {
  outstandingOf,
  receiptGaps,
  receiptNumber,
  voidedIds,
} from '@academy/contract/tuition/ledger';
import { type IncomePeriod, RECEIPT_CHECK_LIST_MAX } from '@academy/contract/tuition/reports';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { ledgersOf } from './ledger-data.js';

/**
 * The money reports (issue 52, point 8), each read in a few statements whatever the number of
 * payers: income summed by the database per period, method and kind; what is outstanding per
 * term from every ledger and its instalments read in bulk and set against each other in one
 * pass (outstandingOf, the statements' own rule); and a year's receipt numbers checked by
 * receiptGaps, the pure rule the contract tests.
 */

// ---------------------------------------------------------------- income

const noFigures = (): IncomeFigures => ({
  by_method: Object.fromEntries(PAYMENT_METHODS.map((m) => [m, 0])) as Record<
    PaymentMethod,
    number
  >,
  paid: 0,
  refunded: 0,
  net: 0,
  payments: 0,
  refunds: 0,
});

/** A stored method as one of PAYMENT_METHODS: a refund without one (or an unknown) is 'other'. */
const methodOf = (method: string | null): PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(method ?? '')
    ? (method as PaymentMethod)
    : 'other';

function add(
  figures: IncomeFigures,
  kind: 'payment' | 'refund',
  method: string | null,
  amount: number,
  n: number,
) {
  const sign = kind === 'payment' ? 1 : -1;
  const m = methodOf(method);
  figures.by_method[m] += sign * amount;
  figures.net += sign * amount;
  if (kind === 'payment') {
    figures.paid += amount;
    figures.payments += n;
  } else {
    figures.refunded += amount;
    figures.refunds += n;
  }
}

/**
 * Payments less refunds of the rows no void cancels, by their day (the payment's date as
 * entered), in `from`..`to`: per day or month with a payment or refund, and over the range.
 */
export async function incomeOf(
  db: Db,
  range: { from: string; to: string; by: IncomePeriod },
): Promise<{ periods: (IncomeFigures & { period: string })[]; totals: IncomeFigures }> {
  // A literal length, so both engines see the grouped expression as the selected one.
  const period = sql<string>`substr(r.day, 1, ${sql.lit(range.by === 'day' ? 10 : 7)})`;
  const rows = await db
    .selectFrom('ledger_rows as r')
    .select((eb) => [
      period.as('period'),
      'r.kind',
      'r.method',
      eb.fn.sum<number | string>('r.amount').as('amount'),
      eb.fn.countAll<number | string>().as('n'),
    ])
    .where('r.kind', 'in', ['payment', 'refund'])
    .where('r.day', '>=', range.from)
    .where('r.day', '<=', range.to)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('ledger_rows as v').select('v.id').whereRef('v.voids', '=', 'r.id'))),
    )
    .groupBy([period, 'r.kind', 'r.method'])
    .execute();
  const periods = new Map<string, IncomeFigures>();
  const totals = noFigures();
  for (const row of rows) {
    const kind = row.kind as 'payment' | 'refund';
    const [amount, n] = [Number(row.amount), Number(row.n)];
    const figures = periods.get(row.period) ?? noFigures();
    periods.set(row.period, figures);
    add(figures, kind, row.method, amount, n);
    add(totals, kind, row.method, amount, n);
  }
  return {
    periods: [...periods.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, figures]) => ({ period: key, ...figures })),
    totals,
  };
}

// ---------------------------------------------------------------- outstanding per term

export interface TermFigures {
  term_id: number | null;
  charged: number;
  discounts: number;
  paid: number;
  outstanding: number;
  overdue: number;
  payers: Set<number>;
  owing: Set<number>;
  overdueOf: Set<number>;
}

const newTerm = (termId: number | null): TermFigures => ({
  term_id: termId,
  charged: 0,
  discounts: 0,
  paid: 0,
  outstanding: 0,
  overdue: 0,
  payers: new Set(),
  owing: new Set(),
  overdueOf: new Set(),
});

/**
 * Per term of the charges (null: charges that name none): what was charged, the discounts
 * naming it, what the payers' credits cover of its instalments (set against every instalment
 * of the payer oldest first, as statements do), what is still outstanding and what of it is
 * overdue (due before `today`), and the payers charged, owing and overdue. With `termId`, the
 * payers charged in that term alone are read, whole (their other terms' instalments come
 * first when older), and only that term is answered.
 */
export async function outstandingByTerm(
  db: Db,
  today: string,
  termId: number | undefined,
): Promise<TermFigures[]> {
  const payersOfTerm = db
    .selectFrom('ledger_rows')
    .select('student_id as id')
    .where('kind', '=', 'charge')
    .where('term_id', '=', termId ?? 0);
  const ledgers = await ledgersOf(db, termId === undefined ? 'everyone' : payersOfTerm);
  const terms = new Map<number | null, TermFigures>();
  const termOf = (id: number | null) => {
    const figures = terms.get(id) ?? newTerm(id);
    terms.set(id, figures);
    return figures;
  };
  for (const [studentId, { rows: ledger, instalments: parts }] of ledgers) {
    const cancelled = voidedIds(ledger);
    for (const row of ledger) {
      if (cancelled.has(row.id)) continue;
      if (row.kind === 'charge') {
        const figures = termOf(row.term_id);
        figures.charged += row.amount;
        figures.payers.add(studentId);
      } else if (row.kind === 'discount') termOf(row.term_id).discounts += row.amount;
    }
    const termOfPart = new Map(parts.map((i) => [i.id, i.term_id]));
    for (const { instalment, outstanding } of outstandingOf(ledger, parts)) {
      const figures = termOf(termOfPart.get(instalment.id) ?? null);
      figures.paid += instalment.amount - outstanding;
      if (outstanding <= 0) continue;
      figures.outstanding += outstanding;
      figures.owing.add(studentId);
      if (instalment.due_day < today) {
        figures.overdue += outstanding;
        figures.overdueOf.add(studentId);
      }
    }
  }
  return [...terms.values()].filter((t) => termId === undefined || t.term_id === termId);
}

/** The terms' names and first days, for the report's rows and their order. */
export function termsNamed(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('terms')
    .select(['id', 'name', 'first_day'])
    .where('id', 'in', ids)
    .execute();
}

// ---------------------------------------------------------------- receipt numbers

export interface ReceiptCheckFigures {
  count: number;
  highest: string | null;
  missing: string[];
  missing_count: number;
  repeated: string[];
  repeated_count: number;
  unreadable: string[];
  voided: string[];
  voided_count: number;
}

/** Every year with a receipt or a refund note, newest first. */
export async function receiptYears(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('receipts')
    .select('year')
    .union(db.selectFrom('refund_notes').select('year'))
    .execute();
  return [...new Set(rows.map((r) => r.year))].sort((a, b) => b - a);
}

/** The two series of numbered documents: receipts ('2026-000001') and refund notes ('R-…'). */
export type NumberSeries = 'receipts' | 'refund_notes';

/** A year's numbers of a series as stored, each with whether a void cancels its row. */
function seriesRows(db: Db, series: NumberSeries, year: number) {
  const voided = (row: 'r.payment_id' | 'r.refund_id') =>
    sql<boolean>`exists (select 1 from ledger_rows v where v.voids = ${sql.ref(row)})`.as('voided');
  const query =
    series === 'receipts'
      ? db.selectFrom('receipts as r').select(['r.number', voided('r.payment_id')])
      : db.selectFrom('refund_notes as r').select(['r.number', voided('r.refund_id')]);
  return query.where('r.year', '=', year).orderBy('r.number').orderBy('r.id').execute();
}

/**
 * The check of a year's numbers of a series: every number from 1 to the highest once. The
 * numbers are read as stored and put through receiptGaps (a refund note's number is a
 * receipt's with 'R-' before it, so the check reads the places and writes each found with the
 * series' prefix). The database's unique index makes a number twice impossible; the check
 * reads and says so all the same. A document whose row a void cancels keeps its number: it is
 * named as voided, and is no gap. The lists name the first RECEIPT_CHECK_LIST_MAX; the counts
 * are whole, so a number far ahead (a row put in by hand) cannot make the check write out
 * millions.
 */
export async function checkNumbers(
  db: Db,
  series: NumberSeries,
  year: number,
): Promise<ReceiptCheckFigures> {
  const rows = await seriesRows(db, series, year);
  const prefix = series === 'receipts' ? '' : 'R-';
  // A place below 1 is no number: written as stored, receiptGaps names it unreadable.
  const place = (n: number) => (n >= 1 ? receiptNumber(year, n) : `${year}-${n}`);
  const counts = new Map<number, number>();
  for (const { number } of rows) if (number >= 1) counts.set(number, (counts.get(number) ?? 0) + 1);
  const places = [...counts.keys()];
  // The first number past a gap wider than the lists: receiptGaps is given the numbers before
  // it and a stand-in that ends the missing list when it is full.
  let cut = places.length;
  for (let i = 0; i < places.length; i++)
    if ((places[i] ?? 0) - 1 - i > RECEIPT_CHECK_LIST_MAX) {
      cut = i;
      break;
    }
  const limit = places[cut] ?? Number.POSITIVE_INFINITY;
  const numbers = rows.filter((r) => r.number < limit).map((r) => place(r.number));
  if (cut < places.length) {
    const before = places[cut - 1] ?? 0;
    numbers.push(receiptNumber(year, before + RECEIPT_CHECK_LIST_MAX - (before - cut) + 1));
  }
  const check = receiptGaps(numbers);
  const highest = places.at(-1);
  const named = (texts: string[]) =>
    texts.slice(0, RECEIPT_CHECK_LIST_MAX).map((text) => `${prefix}${text}`);
  const voided = rows.filter((r) => Boolean(r.voided)).map((r) => place(r.number));
  return {
    count: rows.length,
    highest: highest === undefined ? null : `${prefix}${receiptNumber(year, highest)}`,
    missing: named(check.missing),
    missing_count: highest === undefined ? 0 : highest - places.length,
    repeated: named(check.repeated),
    repeated_count: [...counts.values()].filter((n) => n > 1).length,
    unreadable: named(check.unreadable),
    voided: named(voided),
    voided_count: voided.length,
  };
}
