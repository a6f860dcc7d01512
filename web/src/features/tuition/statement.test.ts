import { describe, expect, it } from 'vitest';
import {
  balanceWords,
  dueNow,
  instalmentViews,
  rowViews,
  type StatementInstalment,
  type StatementRow,
} from './statement';

const IRR = { code: 'IRR', name: 'Rial', decimals: 0 };

const row = (over: Partial<StatementRow> & Pick<StatementRow, 'id' | 'kind'>): StatementRow => ({
  amount: 1000,
  reason: '',
  day: '2026-10-01',
  voids: null,
  voided_by: null,
  method: null,
  reference: '',
  cheque_number: '',
  cheque_day: '',
  document_number: null,
  created_by_name: 'Admin',
  created_at: '2026-10-01 12:00:00',
  ...over,
});

const part = (id: number, due_day: string, amount: number, outstanding: number) =>
  ({ id, charge_id: 1, label: `Part ${id}`, due_day, amount, outstanding }) as StatementInstalment;

describe('the desk’s ledger rows', () => {
  const rows = [
    row({ id: 1, kind: 'charge', reason: 'Fees' }),
    row({ id: 2, kind: 'payment', method: 'cash', document_number: '2026-000001', voided_by: 3 }),
    row({ id: 3, kind: 'void', voids: 2, reason: 'Typed twice' }),
    row({ id: 4, kind: 'payment', method: 'cheque', document_number: '2026-000002' }),
    row({ id: 5, kind: 'discount' }),
    row({ id: 6, kind: 'refund', method: 'cash', document_number: 'R-2026-000001' }),
  ];

  it('lets only a standing row be voided: never a void, never a row voided already', () => {
    const views = rowViews(rows);
    expect(views.map((v) => [v.row.id, v.state, v.canVoid])).toEqual([
      [6, 'standing', true],
      [5, 'standing', true],
      [4, 'standing', true],
      [3, 'void', false],
      [2, 'voided', false],
      [1, 'standing', true],
    ]);
  });

  it('names a payment by its receipt, a refund by its refund note and a void by the row it cancels', () => {
    const titles = Object.fromEntries(rowViews(rows).map((v) => [v.row.id, v.title]));
    expect(titles).toEqual({
      1: 'Charge',
      2: 'Payment, receipt 2026-000001',
      3: 'Void of row 2',
      4: 'Payment, receipt 2026-000002',
      5: 'Discount',
      6: 'Refund, refund note R-2026-000001',
    });
  });

  it('says what a void does to the row’s document: a receipt’s, a refund note’s, none', () => {
    const onVoid = Object.fromEntries(rowViews(rows).map((v) => [v.row.id, v.onVoid]));
    expect(onVoid).toMatchObject({
      1: null,
      4: 'Receipt 2026-000002 keeps its number and is marked VOID.',
      5: null,
      6: 'Refund note R-2026-000001 keeps its number and is marked VOID.',
    });
  });
});

describe('the instalments at the desk', () => {
  const parts = [
    part(3, '2026-11-15', 3000, 3000),
    part(1, '2026-09-20', 4000, 0),
    part(2, '2026-10-18', 3000, 1000),
    part(4, '2026-10-20', 500, 500),
  ];

  it('marks as overdue only what is outstanding past its day, by due day', () => {
    const views = instalmentViews(parts, '2026-10-20');
    expect(views.map((v) => [v.instalment.id, v.isPaid, v.isOverdue, v.isDue])).toEqual([
      [1, true, false, false],
      [2, false, true, true],
      [4, false, false, true],
      [3, false, false, false],
    ]);
  });

  it('counts as due now what is outstanding on the parts due by today', () => {
    expect(dueNow(parts, '2026-10-17')).toBe(0);
    expect(dueNow(parts, '2026-10-18')).toBe(1000);
    expect(dueNow(parts, '2026-10-20')).toBe(1500);
    expect(dueNow(parts, '2027-01-01')).toBe(4500);
  });
});

describe('a balance in words', () => {
  it('says what is owed, the credit, or nothing, with the code', () => {
    expect(balanceWords(1_250_000, IRR)).toBe('Owes 1,250,000 IRR');
    expect(balanceWords(-5000, IRR)).toBe('In credit: 5,000 IRR');
    expect(balanceWords(0, IRR)).toBe('Nothing owed');
    expect(balanceWords(123450, { code: 'USD', name: 'US dollar', decimals: 2 })).toBe(
      'Owes 1,234.50 USD',
    );
  });
});
