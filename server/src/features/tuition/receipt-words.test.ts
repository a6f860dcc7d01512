import { describe, expect, it } from 'vitest';
import {
  receiptFileName,
  receiptWords,
  refundNoteFileName,
  refundNoteWords,
} from './receipt-words.js';
import type { ReceiptRecord } from './receipts-data.js';

const USD = { code: 'USD', name: 'US dollar', decimals: 2 };
const context = { academyName: 'Bright Academy', currency: USD };

const record = (over: Partial<ReceiptRecord> = {}): ReceiptRecord => ({
  payment: {
    id: 7,
    student_id: 3,
    kind: 'payment',
    amount: 123_450,
    reason: 'Payment',
    voids: null,
    day: '2027-03-01',
    method: 'cash',
    reference: '',
    cheque_number: '',
    cheque_day: null,
    created_by_name: 'Dana Desk',
    created_at: 0,
  },
  receiptNumber: '2027-000042',
  payer: { id: 3, name: 'Ayşe Yılmaz' },
  paidFor: [
    {
      label: 'On joining',
      chargeReason: 'Fees: Class 1, Spring 2027',
      dueDay: '2027-02-20',
      amount: 123_450,
    },
  ],
  credit: 0,
  balanceAfter: 100_000,
  voided: null,
  ...over,
});

describe('receiptWords', () => {
  it('says who paid what, for what, how, and what is owed after', () => {
    const words = receiptWords(record(), context);
    expect(words.academy).toBe('Bright Academy');
    expect(words.number).toBe('No. 2027-000042');
    expect(words.void).toBeNull();
    expect(words.facts).toEqual([
      ['Date', 'March 1, 2027'],
      ['Received from', 'Ayşe Yılmaz'],
      ['Method', 'Cash'],
    ]);
    expect(words.paidFor).toEqual([
      {
        label: 'On joining · Fees: Class 1, Spring 2027, due February 20, 2027',
        amount: '1,234.50 USD',
      },
    ]);
    expect(words.amount).toEqual(['Amount paid', '1,234.50 USD']);
    expect(words.balance).toEqual(['Balance after this payment', '1,000.00 USD still owed']);
    expect(words.recordedBy).toBe('Recorded by Dana Desk');
    expect(receiptFileName('2027-000042')).toBe('receipt-2027-000042.pdf');
  });

  it('names a cheque by its number and date, and the reference', () => {
    const base = record();
    const words = receiptWords(
      record({
        payment: {
          ...base.payment,
          method: 'cheque',
          cheque_number: '88123',
          cheque_day: '2027-03-05',
          reference: 'Branch 4',
        },
      }),
      context,
    );
    expect(words.facts.slice(2)).toEqual([
      ['Method', 'Cheque'],
      ['Cheque', 'No. 88123, dated March 5, 2027'],
      ['Reference', 'Branch 4'],
    ]);
  });

  it('keeps what was paid beyond the instalments as credit, and says so', () => {
    const ahead = receiptWords(record({ credit: 5_000, balanceAfter: -5_000 }), context);
    expect(ahead.paidFor.at(-1)).toEqual({
      label: 'Paid ahead, kept as credit',
      amount: '50.00 USD',
    });
    expect(ahead.balance[1]).toBe('50.00 USD in credit');
    const onAccount = receiptWords(
      record({ paidFor: [], credit: 123_450, balanceAfter: 0 }),
      context,
    );
    expect(onAccount.paidFor).toEqual([
      { label: 'Paid on account, kept as credit', amount: '1,234.50 USD' },
    ]);
    expect(onAccount.balance[1]).toBe('Nothing owed');
  });

  it('marks a voided payment VOID, with when, by whom and why, and keeps its number', () => {
    const words = receiptWords(
      record({ voided: { reason: 'Wrong payer', day: '2027-03-02', byName: 'Dana Desk' } }),
      context,
    );
    expect(words.number).toBe('No. 2027-000042');
    expect(words.void).toEqual({
      stamp: 'VOID',
      why: 'Voided on March 2, 2027 by Dana Desk: Wrong payer',
    });
  });
});

describe('refundNoteWords', () => {
  const base = record();
  const note = {
    refund: {
      ...base.payment,
      id: 9,
      kind: 'refund' as const,
      amount: 80_000,
      method: 'bank_deposit',
    },
    refundNumber: 'R-2027-000003',
    payer: base.payer,
    forWhat: 'Fees: Class 1, Spring 2027',
    balanceAfter: -20_000,
    voided: null,
  };

  it('says it is a refund: to whom, how, on which charge, how much, and the balance after', () => {
    const words = refundNoteWords(note, context);
    expect(words.title).toBe('Refund');
    expect(words.number).toBe('No. R-2027-000003');
    expect(words.void).toBeNull();
    expect(words.facts).toEqual([
      ['Date', 'March 1, 2027'],
      ['Paid back to', 'Ayşe Yılmaz'],
      ['Method', 'Bank deposit'],
    ]);
    expect(words.paidForHeading).toBe('Refunded on');
    expect(words.paidFor).toEqual([{ label: 'Fees: Class 1, Spring 2027', amount: '800.00 USD' }]);
    expect(words.amount).toEqual(['Amount refunded', '800.00 USD']);
    expect(words.balance).toEqual(['Balance after this refund', '200.00 USD in credit']);
    expect(refundNoteFileName('R-2027-000003')).toBe('refund-R-2027-000003.pdf');
  });

  it('marks a voided refund VOID and keeps its number', () => {
    const words = refundNoteWords(
      { ...note, voided: { reason: 'Not paid back', day: '2027-03-04', byName: 'Dana Desk' } },
      context,
    );
    expect(words.number).toBe('No. R-2027-000003');
    expect(words.void).toEqual({
      stamp: 'VOID',
      why: 'Voided on March 4, 2027 by Dana Desk: Not paid back',
    });
  });
});
