import { describe, expect, it } from 'vitest';
import {
  type Income,
  incomeDraftFor,
  incomeLine,
  incomeRequest,
  listWords,
  methodsShown,
  type NumberCheck,
  payersWords,
  periodWords,
  receiptCheckWords,
  termWords,
} from './report-view';

const none = { cash: 0, card_reader: 0, card_transfer: 0, bank_deposit: 0, cheque: 0, other: 0 };
const figures = { by_method: none, paid: 0, refunded: 0, net: 0, payments: 0, refunds: 0 };
const money = (n: number) => `${n.toLocaleString('en')} IRR`;

describe('the income’s range', () => {
  it('opens on this month so far, by day', () => {
    expect(incomeDraftFor('2026-10-25')).toEqual({
      from: '2026-10-01',
      to: '2026-10-25',
      by: 'day',
    });
  });

  it('asks only for a range the server takes, and says why not in its words', () => {
    const draft = { from: '2026-10-01', to: '2026-10-31', by: 'month' as const };
    expect(incomeRequest(draft)).toEqual({ request: draft });
    expect(incomeRequest({ ...draft, to: '' })).toEqual({
      problem: 'Choose the first and the last day.',
    });
    expect(incomeRequest({ ...draft, to: '2026-09-30' })).toEqual({
      problem: 'The range must end on or after the day it starts.',
    });
    expect(incomeRequest({ ...draft, from: '2025-01-01' })).toEqual({
      problem: 'A range may be at most 400 days long; this one is 669.',
    });
  });

  it('names days and months', () => {
    expect(periodWords('2026-10')).toBe('October 2026');
    expect(periodWords('2026-01')).toBe('January 2026');
    expect(periodWords('2026-10-05')).toBe('October 5, 2026');
  });
});

describe('the income’s table and totals', () => {
  const income = {
    currency: null,
    from: '2026-10-01',
    to: '2026-10-31',
    by: 'day',
    periods: [
      { ...figures, period: '2026-10-01', by_method: { ...none, cheque: 5 } },
      { ...figures, period: '2026-10-02', by_method: { ...none, cash: -2 } },
    ],
    totals: { ...figures, paid: 4_900_000, payments: 3 },
  } as unknown as Income;

  it('shows the methods that moved money, in the contract’s order', () => {
    expect(methodsShown(income)).toEqual(['cash', 'cheque']);
  });

  it('says the totals, and the refunds only when there are some', () => {
    expect(incomeLine(income, money)).toBe('3 payments brought in 4,900,000 IRR.');
    const refunded = {
      ...income,
      totals: { ...income.totals, payments: 1, paid: 10, refunds: 1, refunded: 4, net: 6 },
    };
    expect(incomeLine(refunded, money)).toBe(
      '1 payment brought in 10 IRR; 1 refund gave back 4 IRR: 6 IRR in all.',
    );
  });
});

describe('the terms', () => {
  const row = {
    term_id: 4,
    name: 'Autumn',
    charged: 0,
    discounts: 0,
    paid: 0,
    outstanding: 0,
    overdue: 0,
    payers: 3,
    owing: 2,
    overdue_payers: 1,
  };
  it('names a term, no term and a deleted one', () => {
    expect(termWords(row)).toBe('Autumn');
    expect(termWords({ ...row, term_id: null, name: null })).toBe('No term');
    expect(termWords({ ...row, name: null })).toBe('A deleted term (no. 4)');
    expect(payersWords(row)).toBe('3 charged, 2 owe, 1 overdue');
  });
});

describe('the receipt-number check in words', () => {
  const clean: NumberCheck = {
    year: 2026,
    count: 4,
    highest: '2026-000004',
    missing: [],
    missing_count: 0,
    repeated: [],
    repeated_count: 0,
    unreadable: [],
    voided: ['2026-000004'],
    voided_count: 1,
  };

  it('says all is well in one line, and the voided receipts keep their numbers', () => {
    expect(receiptCheckWords(clean)).toEqual({
      tone: 'success',
      lines: [
        'All 4 receipts numbered 1 to 4: none missing, none twice.',
        '1 receipt is voided and keeps its number: 2026-000004.',
      ],
    });
    expect(receiptCheckWords({ ...clean, count: 1, voided: [], voided_count: 0 }).lines).toEqual([
      'The one receipt is numbered 1: none missing, none twice.',
      'No receipt is voided.',
    ]);
    expect(receiptCheckWords({ ...clean, count: 0 })).toEqual({
      tone: 'info',
      lines: ['No receipt has a number of 2026 yet.'],
    });
  });

  it('names what is missing and twice, and how many more than it lists', () => {
    const gaps = {
      ...clean,
      count: 3,
      highest: '2026-000005',
      missing: ['2026-000002', '2026-000004'],
      missing_count: 2,
      voided: [],
      voided_count: 0,
    };
    expect(receiptCheckWords(gaps)).toEqual({
      tone: 'error',
      lines: [
        '3 receipts; the highest number is 2026-000005.',
        '2 numbers missing: 2026-000002 and 2026-000004.',
        'None twice.',
        'No receipt is voided.',
      ],
    });
    const many = {
      ...gaps,
      missing: ['2026-000002'],
      missing_count: 10,
      repeated: ['2026-000001'],
      repeated_count: 1,
      unreadable: ['2026-0'],
    };
    expect(receiptCheckWords(many).lines.slice(1)).toEqual([
      '10 numbers missing: 2026-000002 and 9 more.',
      '1 number on more than one receipt: 2026-000001.',
      '1 receipt carries no receipt number: 2026-0.',
      'No receipt is voided.',
    ]);
  });

  it('says the same of the refund notes, their own series', () => {
    const notes = { ...clean, count: 2, highest: 'R-2026-000003', missing: ['R-2026-000002'] };
    expect(
      receiptCheckWords({ ...notes, missing_count: 1, voided: [], voided_count: 0 }, 'refund note'),
    ).toEqual({
      tone: 'error',
      lines: [
        '2 refund notes; the highest number is R-2026-000003.',
        '1 number missing: R-2026-000002.',
        'None twice.',
        'No refund note is voided.',
      ],
    });
    expect(
      receiptCheckWords(
        { ...clean, count: 1, voided: ['R-2026-000001'], voided_count: 1 },
        'refund note',
      ).lines,
    ).toEqual([
      'The one refund note is numbered 1: none missing, none twice.',
      '1 refund note is voided and keeps its number: R-2026-000001.',
    ]);
    expect(receiptCheckWords({ ...clean, count: 0 }, 'refund note').lines).toEqual([
      'No refund note has a number of 2026 yet.',
    ]);
  });

  it('lists in words', () => {
    expect(listWords([])).toBe('');
    expect(listWords(['a'])).toBe('a');
    expect(listWords(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
