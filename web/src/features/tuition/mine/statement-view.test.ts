import { hasMoney } from '@academy/contract/tuition/statement';
import { describe, expect, it } from 'vitest';
import { HISTORY_LENGTH, type Statement, statementView } from './statement-view';

const IRR = { code: 'IRR', name: 'Rial', decimals: 0 };
const TODAY = '2026-10-15';

type Row = Statement['rows'][number];
const row = (id: number, kind: Row['kind'], amount: number, extra: Partial<Row> = {}): Row => ({
  id,
  kind,
  amount,
  reason: '',
  day: '2026-10-01',
  voids: null,
  voided_by: null,
  method: kind === 'payment' ? 'cash' : null,
  reference: '',
  cheque_number: '',
  cheque_day: '',
  document_number: null,
  created_by_name: 'Office',
  created_at: '2026-10-01 10:00:00',
  ...extra,
});

const part = (id: number, due_day: string, amount: number, outstanding: number) => ({
  id,
  charge_id: 1,
  label: `Part ${id}`,
  due_day,
  amount,
  outstanding,
});

const statement = (extra: Partial<Statement> = {}): Statement => ({
  success: true,
  student: { id: 7, name: 'Ana' },
  currency: IRR,
  balance: 6_500_000,
  rows: [row(1, 'charge', 10_000_000), row(2, 'payment', 3_500_000)],
  instalments: [
    part(1, '2026-10-01', 4_000_000, 500_000),
    part(2, TODAY, 3_000_000, 3_000_000),
    part(3, '2026-11-15', 3_000_000, 3_000_000),
  ],
  receipts: [
    {
      number: '2026-000001',
      payment_id: 2,
      amount: 3_500_000,
      day: '2026-10-01',
      method: 'cash',
      void: false,
    },
  ],
  refund_notes: [],
  ...extra,
});

describe("a student's statement as they read it", () => {
  it('says what is owed, in credit, or nothing', () => {
    expect(statementView(statement(), TODAY)?.balanceWords).toBe('You owe 6,500,000 IRR');
    expect(statementView(statement({ balance: -250_000 }), TODAY)?.balanceWords).toBe(
      'In credit: 250,000 IRR',
    );
    expect(statementView(statement({ balance: 0 }), TODAY)?.balanceWords).toBe('Nothing owed');
  });

  it('marks each instalment paid, overdue, due today or to come, and part paid', () => {
    const view = statementView(
      statement({
        instalments: [
          part(1, '2026-09-20', 2_000_000, 0),
          part(2, '2026-10-01', 4_000_000, 500_000),
          part(3, TODAY, 3_000_000, 3_000_000),
          part(4, '2026-11-15', 3_000_000, 3_000_000),
        ],
      }),
      TODAY,
    );
    expect(view?.instalments.map((i) => [i.state, i.isPartPaid])).toEqual([
      ['paid', false],
      ['overdue', true],
      ['today', false],
      ['upcoming', false],
    ]);
    expect(view?.overdueCount).toBe(1);
  });

  it('takes the next instalment as the first with something outstanding, late or not', () => {
    expect(statementView(statement(), TODAY)?.next).toMatchObject({ id: 1, state: 'overdue' });
    const onTime = statement({
      instalments: [
        part(1, '2026-10-01', 4_000_000, 0),
        part(2, '2026-11-15', 3_000_000, 3_000_000),
      ],
    });
    expect(statementView(onTime, TODAY)?.next).toMatchObject({ id: 2, state: 'upcoming' });
    const allPaid = statement({ balance: 0, instalments: [part(1, '2026-10-01', 4_000_000, 0)] });
    expect(statementView(allPaid, TODAY)?.next).toBeNull();
  });

  it('lists receipts, refund notes and history newest first, voids left out of the history', () => {
    const rows = [
      row(1, 'charge', 10_000_000),
      row(2, 'payment', 1_000, { voided_by: 3 }),
      row(3, 'void', 1_000, { voids: 2 }),
      row(4, 'payment', 3_500_000),
    ];
    const receipts = [
      {
        number: '2026-000001',
        payment_id: 2,
        amount: 1_000,
        day: '2026-10-01',
        method: 'cash' as const,
        void: true,
      },
      {
        number: '2026-000002',
        payment_id: 4,
        amount: 3_500_000,
        day: '2026-10-02',
        method: 'cheque' as const,
        void: false,
      },
    ];
    const refund_notes = [
      {
        number: 'R-2026-000001',
        refund_id: 5,
        amount: 500,
        day: '2026-10-03',
        method: null,
        void: false,
      },
    ];
    const view = statementView(statement({ rows, receipts, refund_notes }), TODAY);
    // Receipts and refund notes in one list, by the rows they were given for.
    expect(view?.documents.map((d) => [d.document.what, d.document.number, d.void])).toEqual([
      ['refund note', 'R-2026-000001', false],
      ['receipt', '2026-000002', false],
      ['receipt', '2026-000001', true],
    ]);
    expect(view?.documents[0]?.document).toMatchObject({
      call: 'downloadRefundNote',
      payload: { refund_id: 5 },
    });
    expect(view?.history.map((r) => r.id)).toEqual([4, 2, 1]);
    expect(view?.olderRows).toBe(0);
  });

  it('shows only the latest rows, and counts the older ones', () => {
    const rows = Array.from({ length: HISTORY_LENGTH + 3 }, (_, i) => row(i + 1, 'payment', 100));
    const view = statementView(statement({ rows }), TODAY);
    expect(view?.history).toHaveLength(HISTORY_LENGTH);
    expect(view?.history[0]?.id).toBe(HISTORY_LENGTH + 3);
    expect(view?.olderRows).toBe(3);
  });

  it('has no money to show without a currency or a row', () => {
    expect(hasMoney(statement())).toBe(true);
    expect(hasMoney(statement({ rows: [], instalments: [], receipts: [], balance: 0 }))).toBe(
      false,
    );
    expect(hasMoney(statement({ currency: null }))).toBe(false);
    expect(statementView(statement({ currency: null }), TODAY)).toBeNull();
  });
});
