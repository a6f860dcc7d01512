import { allocatePayment } from './instalments.js';
import { isAmount, MONEY_MAX } from './money.js';

/**
 * A payer's ledger (issue 52, point 1) and its receipt numbers (points 3 and 8). Rows are
 * never changed or deleted once saved: a mistake is a 'void' row pointing at the row it
 * cancels, and the balance is always computed from the rows. Pure and without zod: the server
 * sums with it, the statement screen shows the same sum, and the report checks the numbers.
 */

export const LEDGER_KINDS = ['charge', 'discount', 'payment', 'refund', 'void'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerRow {
  id: number;
  kind: LedgerKind;
  /** A whole amount more than 0; a void's is the amount of the row it cancels. */
  amount: number;
  /** For a void, the id of the row it cancels; null (or absent) on every other row. */
  voids?: number | null;
}

/** Which way a row moves what the payer owes: a charge or a refund up, a discount or payment down. */
const SIGN: Record<Exclude<LedgerKind, 'void'>, 1 | -1> = {
  charge: 1,
  refund: 1,
  discount: -1,
  payment: -1,
};

/**
 * What the payer owes (below 0: their credit): charges − discounts − payments + refunds, of
 * the rows no void cancels. A void counts nothing itself; it takes its row out of the sum, so
 * the balance is the one the ledger would have without that row. A void ledgerProblems refuses
 * (of a void, or of a row not there) takes nothing out, and a row voided twice is out once.
 */
export function balanceOf(rows: readonly LedgerRow[]): number {
  const voided = voidedIds(rows);
  let balance = 0;
  for (const row of rows) {
    if (row.kind === 'void' || voided.has(row.id)) continue;
    balance += SIGN[row.kind] * row.amount;
  }
  return balance;
}

/** The ids of the rows a void cancels, leaving out voids of voids. */
export function voidedIds(rows: readonly LedgerRow[]): Set<number> {
  const kinds = new Map(rows.map((r) => [r.id, r.kind]));
  const voided = new Set<number>();
  for (const row of rows) {
    if (row.kind !== 'void' || row.voids == null) continue;
    const kind = kinds.get(row.voids);
    if (kind !== undefined && kind !== 'void') voided.add(row.voids);
  }
  return voided;
}

/** An instalment as outstandingOf reads it: its charge, due day and amount. */
export interface LedgerInstalment {
  id: number;
  charge_id: number;
  /** 'YYYY-MM-DD'. */
  due_day: string;
  amount: number;
}

/**
 * What is outstanding on each instalment of a charge no void cancels: the payer's credits
 * (payments and discounts, less refunds, of the rows no void cancels) set against them oldest
 * first (allocatePayment). Instalments of a voided charge are left out. The statement, the
 * desk and the stored standings the debtors list reads (server, ledger-data.ts) all use it.
 */
export function outstandingOf<I extends LedgerInstalment>(
  rows: readonly LedgerRow[],
  instalments: readonly I[],
): { instalment: I; outstanding: number }[] {
  const voided = voidedIds(rows);
  let credits = 0;
  for (const row of rows) {
    if (row.kind === 'void' || voided.has(row.id)) continue;
    if (row.kind === 'payment' || row.kind === 'discount') credits += row.amount;
    else if (row.kind === 'refund') credits -= row.amount;
  }
  const live = instalments.filter((i) => !voided.has(i.charge_id));
  const { allocations } = allocatePayment(
    live.map((i) => ({ id: i.id, due_day: i.due_day, outstanding: i.amount })),
    Math.min(Math.max(credits, 0), MONEY_MAX),
  );
  const paid = new Map(allocations.map((a) => [a.id, a.amount]));
  return live.map((instalment) => ({
    instalment,
    outstanding: instalment.amount - (paid.get(instalment.id) ?? 0),
  }));
}

/**
 * What is wrong with a ledger, in words (empty: nothing): two rows with one id, an amount
 * that is not a whole amount more than 0, a void that points at nothing, at a row not in the
 * ledger, at a later row, at a void (a void is final: the row is entered again instead), or at
 * a row another void already cancels; a void whose amount is not its row's; a row that is no
 * void pointing at one.
 */
export function ledgerProblems(rows: readonly LedgerRow[]): string[] {
  const problems: string[] = [];
  const byId = new Map<number, LedgerRow>();
  for (const row of rows) {
    if (byId.has(row.id)) problems.push(`Two rows have the id ${row.id}.`);
    else byId.set(row.id, row);
  }
  const cancelled = new Map<number, number>();
  for (const row of rows) {
    if (!isAmount(row.amount) || row.amount === 0)
      problems.push(`Row ${row.id}’s amount must be a whole amount more than 0.`);
    if (row.kind !== 'void') {
      if (row.voids != null)
        problems.push(`Row ${row.id} is a ${row.kind} but names a row to void.`);
      continue;
    }
    if (row.voids == null) {
      problems.push(`Void ${row.id} does not say which row it cancels.`);
      continue;
    }
    const target = byId.get(row.voids);
    if (!target) {
      problems.push(`Void ${row.id} cancels row ${row.voids}, which is not in the ledger.`);
      continue;
    }
    if (target.kind === 'void') {
      problems.push(`Void ${row.id} cancels void ${target.id}: a void cannot be undone.`);
      continue;
    }
    if (target.id >= row.id)
      problems.push(`Void ${row.id} cancels row ${target.id}, which comes after it.`);
    const earlier = cancelled.get(target.id);
    if (earlier !== undefined)
      problems.push(`Row ${target.id} is voided twice (by ${earlier} and ${row.id}).`);
    else cancelled.set(target.id, row.id);
    if (row.amount !== target.amount)
      problems.push(`Void ${row.id}’s amount is not that of row ${target.id}.`);
  }
  return problems;
}

/** Digits a receipt's number is written with at least: a million receipts a year. */
const RECEIPT_DIGITS = 6;

/**
 * A receipt's number as it is printed: the year and the receipt's place in that year's
 * counter, '2026-000123'. Past 999,999 the number simply grows a digit.
 */
export function receiptNumber(year: number, n: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999)
    throw new RangeError(`Not a year: ${year}.`);
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`Not a receipt's place: ${n}.`);
  return `${year}-${String(n).padStart(RECEIPT_DIGITS, '0')}`;
}

/**
 * A refund's number as it is printed: 'R-' and the year and place of the refund in its own
 * counter, 'R-2026-000004'. A refund is its own document (issue 52, point 3), numbered apart
 * from the receipts so that neither series has gaps the other made.
 */
export const refundNumber = (year: number, n: number): string => `R-${receiptNumber(year, n)}`;

/** The year and place of a receipt number receiptNumber writes, or null. */
export function readReceiptNumber(text: string): { year: number; n: number } | null {
  const match = /^(\d{4})-(\d{6,})$/.exec(text);
  if (!match) return null;
  const [year, n] = [Number(match[1]), Number(match[2])];
  // Only the number receiptNumber writes: '2026-0000123' is not one.
  if (n < 1 || !Number.isSafeInteger(n) || receiptNumber(year, n) !== text) return null;
  return { year, n };
}

export interface ReceiptCheck {
  /** Numbers the counter gave out before a number seen, not seen themselves; by year and place. */
  missing: string[];
  /** Numbers seen more than once, each named once. */
  repeated: string[];
  /** Texts that are not receipt numbers at all. */
  unreadable: string[];
}

/**
 * The report's check of the receipt numbers (issue 52, point 8): each year's counter starts
 * at 1, so every number from 1 to the year's highest should be there once. Names the ones
 * missing and the ones there twice, in order; a year with no receipt has nothing missing.
 */
export function receiptGaps(numbers: readonly string[]): ReceiptCheck {
  const unreadable: string[] = [];
  const seen = new Map<number, Map<number, number>>();
  for (const text of numbers) {
    const read = readReceiptNumber(text);
    if (!read) {
      unreadable.push(text);
      continue;
    }
    const year = seen.get(read.year) ?? new Map<number, number>();
    year.set(read.n, (year.get(read.n) ?? 0) + 1);
    seen.set(read.year, year);
  }
  const missing: string[] = [];
  const repeated: string[] = [];
  for (const year of [...seen.keys()].sort((a, b) => a - b)) {
    const counts = seen.get(year) ?? new Map<number, number>();
    let expected = 1;
    for (const n of [...counts.keys()].sort((a, b) => a - b)) {
      for (; expected < n; expected++) missing.push(receiptNumber(year, expected));
      expected = n + 1;
      if ((counts.get(n) ?? 0) > 1) repeated.push(receiptNumber(year, n));
    }
  }
  return { missing, repeated, unreadable };
}
