import { PAYMENT_METHOD_WORDS, type PaymentMethod } from '@academy/contract';
import { type Currency, formatMoney } from '@academy/contract/tuition/money';
import type { ReceiptRecord, RefundNoteRecord, VoidWords } from './receipts-data.js';

/**
 * What a receipt says, in words (issue 52, point 3), apart from how it is drawn
 * (receipt-layout.ts), as the report cards' words are: the academy, "Receipt" and its number,
 * the date, the payer, what was paid for, the amount, the method, the balance after and who
 * recorded it; a voided payment's receipt says VOID, why and when, and keeps its number.
 * Amounts are written with the currency's code and thousands separators (formatMoney).
 */

/** A payment's method in words (the contract's, one list for every screen and paper). */
export const METHOD_WORDS = PAYMENT_METHOD_WORDS;

/** A day (YYYY-MM-DD) as a date: 'October 1, 2026'. */
export const receiptDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(Date.parse(`${day}T12:00:00Z`));

export interface ReceiptWords {
  academy: string;
  title: string;
  number: string;
  /** The VOID stamp's words, or null for a receipt whose payment stands. */
  void: { stamp: string; why: string } | null;
  facts: [label: string, value: string][];
  /** What the payment was set against, each with its amount. */
  paidFor: { label: string; amount: string }[];
  paidForHeading: string;
  amount: [label: string, value: string];
  balance: [label: string, value: string];
  recordedBy: string;
}

const isMethod = (method: string | null): method is PaymentMethod =>
  method !== null && method in METHOD_WORDS;

/** The method in words, with a cheque's number and date, and the reference if there is one. */
function methodFacts(payment: ReceiptRecord['payment']): [string, string][] {
  const method = isMethod(payment.method) ? payment.method : 'other';
  const facts: [string, string][] = [['Method', METHOD_WORDS[method]]];
  if (method === 'cheque') {
    const number = payment.cheque_number ? `No. ${payment.cheque_number}` : '';
    const dated = payment.cheque_day ? `dated ${receiptDay(payment.cheque_day)}` : '';
    const cheque = [number, dated].filter(Boolean).join(', ');
    if (cheque) facts.push(['Cheque', cheque]);
  }
  if (payment.reference) facts.push(['Reference', payment.reference]);
  return facts;
}

/** What the payer owes after the payment, in words. */
function balanceWords(balance: number, money: (n: number) => string): string {
  if (balance > 0) return `${money(balance)} still owed`;
  if (balance < 0) return `${money(-balance)} in credit`;
  return 'Nothing owed';
}

/** A voided document's stamp: VOID, and why, when and by whom. */
function voidWords(voided: VoidWords | null): ReceiptWords['void'] {
  return voided
    ? {
        stamp: 'VOID',
        why: `Voided on ${receiptDay(voided.day)} by ${voided.byName}: ${voided.reason}`,
      }
    : null;
}

export function receiptWords(
  receipt: ReceiptRecord,
  context: { academyName: string; currency: Currency },
): ReceiptWords {
  const money = (n: number) => formatMoney(n, context.currency, { withCode: true });
  const { payment, voided } = receipt;
  const paidFor = receipt.paidFor.map((line) => ({
    label:
      [line.label, line.chargeReason].filter(Boolean).join(' · ') +
      (line.dueDay ? `, due ${receiptDay(line.dueDay)}` : ''),
    amount: money(line.amount),
  }));
  if (receipt.credit > 0)
    paidFor.push({
      label: paidFor.length > 0 ? 'Paid ahead, kept as credit' : 'Paid on account, kept as credit',
      amount: money(receipt.credit),
    });
  return {
    academy: context.academyName,
    title: 'Receipt',
    number: `No. ${receipt.receiptNumber}`,
    void: voidWords(voided),
    facts: [
      ['Date', receiptDay(payment.day)],
      ['Received from', receipt.payer.name],
      ...methodFacts(payment),
    ],
    paidForHeading: 'Paid for',
    paidFor,
    amount: ['Amount paid', money(payment.amount)],
    balance: ['Balance after this payment', balanceWords(receipt.balanceAfter, money)],
    recordedBy: `Recorded by ${payment.created_by_name}`,
  };
}

/** The receipt's file name: 'receipt-2026-000123.pdf', a void's too (it keeps its number). */
export const receiptFileName = (receiptNumber: string) => `receipt-${receiptNumber}.pdf`;

/**
 * What a refund note says (a refund is its own document, drawn as a receipt is): "Refund" and
 * its number, the date, who the money went back to and how, the charge it was refunded on,
 * the amount and the balance after; VOID, why and when, if the refund was voided.
 */
export function refundNoteWords(
  note: RefundNoteRecord,
  context: { academyName: string; currency: Currency },
): ReceiptWords {
  const money = (n: number) => formatMoney(n, context.currency, { withCode: true });
  const { refund } = note;
  return {
    academy: context.academyName,
    title: 'Refund',
    number: `No. ${note.refundNumber}`,
    void: voidWords(note.voided),
    facts: [
      ['Date', receiptDay(refund.day)],
      ['Paid back to', note.payer.name],
      ...methodFacts(refund),
    ],
    paidForHeading: 'Refunded on',
    paidFor: [{ label: note.forWhat, amount: money(refund.amount) }],
    amount: ['Amount refunded', money(refund.amount)],
    balance: ['Balance after this refund', balanceWords(note.balanceAfter, money)],
    recordedBy: `Recorded by ${refund.created_by_name}`,
  };
}

/** The refund note's file name: 'refund-R-2026-000004.pdf'. */
export const refundNoteFileName = (refundNumber: string) => `refund-${refundNumber}.pdf`;
