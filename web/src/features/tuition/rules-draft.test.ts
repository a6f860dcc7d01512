import { DEFAULT_MONEY_RULES } from '@academy/contract/tuition/rules';
import { describe, expect, it } from 'vitest';
import {
  chargeWords,
  chosenCharge,
  draftOf,
  emptyDiscount,
  readDiscount,
  readRules,
  standingCharges,
} from './rules-draft';
import type { StatementRow } from './statement';

const currency = { code: 'IRR', name: 'Rial', decimals: 0 };

describe('the money rules as typed', () => {
  it('start as the saved rules and read back to them', () => {
    const draft = draftOf(DEFAULT_MONEY_RULES);
    expect(draft.kept_before_percent).toBe('0');
    expect(readRules(draft)).toEqual({ rules: DEFAULT_MONEY_RULES });
  });

  it('read whole percents from 0 to 100, spaces around them allowed', () => {
    const draft = {
      ...draftOf(DEFAULT_MONEY_RULES),
      kept_before_percent: ' 10 ',
      kept_after_percent: '100',
      staff_child_percent: '50',
    };
    expect(readRules(draft)).toEqual({
      rules: {
        ...DEFAULT_MONEY_RULES,
        kept_before_percent: 10,
        kept_after_percent: 100,
        staff_child_percent: 50,
      },
    });
  });

  it('name the first percent that is not a whole number from 0 to 100', () => {
    const draft = draftOf(DEFAULT_MONEY_RULES);
    for (const typed of ['', '101', '-1', '2.5', 'ten', '1000'])
      expect(readRules({ ...draft, sibling_second_percent: typed })).toEqual({
        problem: 'The second child’s discount must be a whole number from 0 to 100.',
      });
    expect(readRules({ ...draft, staff_child_percent: '', kept_before_percent: 'x' })).toEqual({
      problem: 'The share kept before the term starts must be a whole number from 0 to 100.',
    });
  });

  it('refuse keeping less after the term starts than before, as the server does', () => {
    const draft = { ...draftOf(DEFAULT_MONEY_RULES), kept_before_percent: '30' };
    expect(readRules({ ...draft, kept_after_percent: '20' })).toEqual({
      problem: 'The share kept after the term starts must not be less than the share kept before.',
    });
  });
});

const row = (over: Partial<StatementRow>): StatementRow => ({
  id: 1,
  kind: 'charge',
  amount: 9_000_000,
  reason: 'Fees: B1 Evening, Autumn 2026',
  day: '2026-09-20',
  voids: null,
  voided_by: null,
  method: null,
  reference: '',
  cheque_number: '',
  cheque_day: '',
  document_number: null,
  created_by_name: 'Admin',
  created_at: '2026-09-20 10:00:00',
  ...over,
});

describe('the charges a discount or a leaving is of', () => {
  const rows = [
    row({ id: 3 }),
    row({ id: 4, kind: 'payment', reason: 'Payment' }),
    row({ id: 5, voided_by: 6 }),
    row({ id: 6, kind: 'void', voids: 5 }),
    row({ id: 8, reason: 'Fees: C1, Winter 2027' }),
  ];

  it('are the charges no void cancels, in words with their amount', () => {
    expect(standingCharges(rows).map((r) => r.id)).toEqual([3, 8]);
    expect(chargeWords(rows[0] as StatementRow, currency)).toBe(
      'Fees: B1 Evening, Autumn 2026, 9,000,000 IRR',
    );
  });

  it('are the one chosen while it stands, else the newest', () => {
    const charges = standingCharges(rows);
    expect(chosenCharge('', charges)).toBe('8');
    expect(chosenCharge('3', charges)).toBe('3');
    expect(chosenCharge('5', charges)).toBe('8');
    expect(chosenCharge('', [])).toBe('');
  });
});

describe('a discount typed at the desk', () => {
  const context = { studentId: 7, currency };
  const draft = { ...emptyDiscount, charge_id: '3', reason: ' Staff child ' };

  it('is a whole percent from 1 to 100 with its reason', () => {
    expect(readDiscount({ ...draft, value: '50' }, context)).toEqual({
      discount: { user_id: 7, charge_id: 3, kind: 'percent', value: 50, reason: 'Staff child' },
    });
    for (const value of ['0', '101', '12.5', ''])
      expect(readDiscount({ ...draft, value }, context)).toEqual({
        problem: 'The percent must be a whole number from 1 to 100.',
      });
  });

  it('or an amount as people type it, more than 0', () => {
    expect(readDiscount({ ...draft, kind: 'amount', value: '1,500,000' }, context)).toEqual({
      discount: {
        user_id: 7,
        charge_id: 3,
        kind: 'amount',
        value: 1_500_000,
        reason: 'Staff child',
      },
    });
    expect(readDiscount({ ...draft, kind: 'amount', value: '0' }, context)).toEqual({
      problem: 'The discount must be more than 0.',
    });
    expect('problem' in readDiscount({ ...draft, kind: 'amount', value: '' }, context)).toBe(true);
  });

  it('needs a charge and a reason', () => {
    expect(readDiscount({ ...draft, charge_id: '', value: '5' }, context)).toEqual({
      problem: 'Please choose the charge the discount comes off.',
    });
    expect(readDiscount({ ...draft, reason: '  ', value: '5' }, context)).toEqual({
      problem: 'Please give the reason for the discount.',
    });
  });
});
