import type { CallResponse } from '@academy/contract';
import type { LedgerKind } from '@academy/contract/tuition/ledger';
import { PAYMENT_METHOD_WORDS } from '@academy/contract/tuition/limits';
import { type Currency, formatMoney } from '@academy/contract/tuition/money';
import {
  byDueDay,
  instalmentState,
  balanceWords as payerBalanceWords,
} from '@academy/contract/tuition/statement';

/**
 * What the desk and the student's own screens show of a payer's statement (issue 52, points 3
 * and 6), worked out apart from the screens so it is tested without them: which rows can still be voided, which instalments are
 * overdue, what is due now, and a balance in words.
 */

type Statement = CallResponse<'getStatement'>;
export type StatementRow = Statement['rows'][number];
export type StatementInstalment = Statement['instalments'][number];
export type StatementReceipt = Statement['receipts'][number];

/** How each method is said (the contract's words, as receipts say them). */
export const METHOD_WORDS = PAYMENT_METHOD_WORDS;

export const KIND_WORDS: Record<LedgerKind, string> = {
  charge: 'Charge',
  discount: 'Discount',
  payment: 'Payment',
  refund: 'Refund',
  void: 'Void',
};

/** A row as the desk lists it. */
export interface RowView {
  row: StatementRow;
  /** 'voided': a void cancels it; 'void': it cancels another; 'standing': neither. */
  state: 'standing' | 'voided' | 'void';
  /** Only a standing row can be voided: a void is final, and a row is voided once. */
  canVoid: boolean;
  /** Its heading: 'Payment, receipt 2026-000012', 'Void of row 7'. */
  title: string;
}

export function rowView(row: StatementRow): RowView {
  const state = row.kind === 'void' ? 'void' : row.voided_by !== null ? 'voided' : 'standing';
  const title =
    row.kind === 'void'
      ? `Void of row ${row.voids ?? '?'}`
      : row.receipt_number
        ? `${KIND_WORDS[row.kind]}, receipt ${row.receipt_number}`
        : KIND_WORDS[row.kind];
  return { row, state, canVoid: state === 'standing', title };
}

/** The rows newest first, as a desk reads them. */
export const rowViews = (rows: readonly StatementRow[]): RowView[] =>
  [...rows].sort((a, b) => b.id - a.id).map(rowView);

/** An instalment as the desk lists it. */
export interface InstalmentView {
  instalment: StatementInstalment;
  /** Nothing is outstanding on it. */
  isPaid: boolean;
  /** Something is outstanding and its day has passed. */
  isOverdue: boolean;
  /** Something is outstanding and its day is today or past: it is due now. */
  isDue: boolean;
}

/** The instalments with their state on `today` ('YYYY-MM-DD', the academy's), by due day. */
export function instalmentViews(
  instalments: readonly StatementInstalment[],
  today: string,
): InstalmentView[] {
  return byDueDay(instalments).map((instalment) => {
    const state = instalmentState(instalment, today);
    return {
      instalment,
      isPaid: state === 'paid',
      isOverdue: state === 'overdue',
      isDue: state === 'overdue' || state === 'today',
    };
  });
}

/** What is outstanding on the instalments due by `today`: the desk's hint for the amount. */
export const dueNow = (instalments: readonly StatementInstalment[], today: string): number =>
  instalments.reduce((sum, i) => (i.due_day <= today ? sum + i.outstanding : sum), 0);

/** A balance in words as the desk says it: 'Owes 1,200,000 IRR', 'In credit: …', 'Nothing owed'. */
export const balanceWords = (balance: number, currency: Currency) =>
  payerBalanceWords(balance, currency, 'desk');

/** An amount in the academy's currency, or as a plain number until it is set. */
export const moneyIn = (currency: Currency | null) => (n: number) =>
  currency ? formatMoney(n, currency, { withCode: true }) : n.toLocaleString('en');
