import { describe, expect, it } from 'vitest';
import { balanceWords, hasMoney, instalmentState, nextInstalment } from './statement.js';

const IRR = { code: 'IRR', name: 'Rial', decimals: 0 };
const part = (id: number, due_day: string, outstanding: number) => ({ id, due_day, outstanding });

describe('a statement on a day', () => {
  it('says a part is late only the day after it is due', () => {
    expect(instalmentState(part(1, '2026-10-01', 5), '2026-10-01')).toBe('today');
    expect(instalmentState(part(1, '2026-10-01', 5), '2026-10-02')).toBe('overdue');
    expect(instalmentState(part(1, '2026-10-03', 5), '2026-10-02')).toBe('upcoming');
    expect(instalmentState(part(1, '2026-09-01', 0), '2026-10-02')).toBe('paid');
  });

  it('names the first part with something outstanding, by due day then the first made', () => {
    const parts = [part(3, '2026-11-01', 10), part(2, '2026-10-01', 0), part(1, '2026-11-01', 4)];
    expect(nextInstalment(parts, '2026-10-15')).toEqual({
      ...part(1, '2026-11-01', 4),
      state: 'upcoming',
    });
    expect(nextInstalment([part(1, '2026-10-01', 0)], '2026-10-15')).toBeNull();
  });

  it('says the balance to the payer and at the desk', () => {
    expect(balanceWords(1_200_000, IRR, 'payer')).toBe('You owe 1,200,000 IRR');
    expect(balanceWords(1_200_000, IRR, 'desk')).toBe('Owes 1,200,000 IRR');
    expect(balanceWords(-5_000, IRR, 'payer')).toBe('In credit: 5,000 IRR');
    expect(balanceWords(0, IRR, 'desk')).toBe('Nothing owed');
  });

  it('has money only with a currency and a row', () => {
    expect(hasMoney({ currency: IRR, rows: [{}] })).toBe(true);
    expect(hasMoney({ currency: IRR, rows: [] })).toBe(false);
    expect(hasMoney({ currency: null, rows: [{}] })).toBe(false);
  });
});
