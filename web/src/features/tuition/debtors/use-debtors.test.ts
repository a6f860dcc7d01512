import { describe, expect, it } from 'vitest';
import { totalsLine } from './debtor-table';
import { filtersOf, NO_FILTERS } from './use-debtors';

describe('the debtors filters and totals', () => {
  it('leaves blank filters out and trims the days', () => {
    expect(filtersOf(NO_FILTERS)).toEqual({});
    expect(filtersOf({ class_id: '4', term_id: '', min_days_overdue: ' 30 ', page: 2 })).toEqual({
      class_id: '4',
      min_days_overdue: '30',
    });
  });

  it('says the totals of every filtered payer in the currency', () => {
    const data = {
      currency: { code: 'IRR', name: 'Rial', decimals: 0 },
      totals: { count: 2, balance: 16_000_000, overdue: 10_000_000 },
    } as Parameters<typeof totalsLine>[0];
    expect(totalsLine(data)).toBe(
      '2 payers owe 16,000,000 IRR in all; 10,000,000 IRR of it is overdue.',
    );
    expect(totalsLine({ ...data, totals: { count: 1, balance: 5, overdue: 0 } })).toBe(
      '1 payer owes 5 IRR in all; 0 IRR of it is overdue.',
    );
  });
});
