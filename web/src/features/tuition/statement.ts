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
export type StatementRefundNote = Statement['refund_notes'][number];

/**
 * One of a payer's money documents, a payment's receipt or a refund's note (a refund is its
 * own document), as the buttons that fetch its PDF need it: what it is, its number, its call.
 */
export type MoneyDocument = { what: 'receipt' | 'refund note'; number: string } & (
  | { call: 'downloadReceipt'; payload: { payment_id: number } }
  | { call: 'downloadRefundNote'; payload: { refund_id: number } }
);

export const receiptDocument = (paymentId: number, number: string): MoneyDocument => ({
  what: 'receipt',
  number,
  call: 'downloadReceipt',
  payload: { payment_id: paymentId },
});

export const refundNoteDocument = (refundId: number, number: string): MoneyDocument => ({
  what: 'refund note',
  number,
  call: 'downloadRefundNote',
  payload: { refund_id: refundId },
});

/** A receipt or a refund note as the screens list it, with what it was for and its state. */
export interface DocumentView {
  document: MoneyDocument;
  amount: number;
  day: string;
  /** How the money came in or went back; null for a refund recorded before it was asked. */
  method: StatementReceipt['method'] | null;
  void: boolean;
}

/**
 * A payer's receipts and refund notes, newest first (by their ledger rows, which are written in
 * order): the desk's tables and the student's list.
 */
export function documentsOf(statement: {
  receipts: readonly StatementReceipt[];
  refund_notes: readonly StatementRefundNote[];
}): DocumentView[] {
  const views = [
    ...statement.receipts.map((r) => ({
      row: r.payment_id,
      view: {
        document: receiptDocument(r.payment_id, r.number),
        amount: r.amount,
        day: r.day,
        method: r.method,
        void: r.void,
      } satisfies DocumentView,
    })),
    ...statement.refund_notes.map((n) => ({
      row: n.refund_id,
      view: {
        document: refundNoteDocument(n.refund_id, n.number),
        amount: n.amount,
        day: n.day,
        method: n.method,
        void: n.void,
      } satisfies DocumentView,
    })),
  ];
  return views.sort((a, b) => b.row - a.row).map((v) => v.view);
}

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
  /** What voiding it does to its document, if it has one: 'Receipt 2026-000012 keeps its number and is marked VOID.' */
  onVoid: string | null;
  /** Its heading: 'Payment, receipt 2026-000012', 'Refund, refund note R-2026-000003', 'Void of row 7'. */
  title: string;
}

/** What each kind of row's document is called: a payment's receipt, a refund's refund note. */
const DOCUMENT_WORDS: Partial<Record<LedgerKind, [lower: string, upper: string]>> = {
  payment: ['receipt', 'Receipt'],
  refund: ['refund note', 'Refund note'],
};

export function rowView(row: StatementRow): RowView {
  const state = row.kind === 'void' ? 'void' : row.voided_by !== null ? 'voided' : 'standing';
  const words = row.document_number ? DOCUMENT_WORDS[row.kind] : undefined;
  const title =
    row.kind === 'void'
      ? `Void of row ${row.voids ?? '?'}`
      : words
        ? `${KIND_WORDS[row.kind]}, ${words[0]} ${row.document_number}`
        : KIND_WORDS[row.kind];
  const onVoid = words
    ? `${words[1]} ${row.document_number} keeps its number and is marked VOID.`
    : null;
  return { row, state, canVoid: state === 'standing', onVoid, title };
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
