import { describe, expect, it } from 'vitest';
import {
  isMonth,
  minutesWords,
  monthWords,
  readAdjustment,
  readRate,
  shiftMonth,
  totalsWords,
} from './pay-view';

const IRR = { code: 'IRR', name: 'Rial', decimals: 0 };

describe('teachers’ pay words', () => {
  it('moves between months across a year', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2026-05', -17)).toBe('2024-12');
    expect(monthWords('2026-11')).toBe('November 2026');
    expect(isMonth('2026-11')).toBe(true);
    expect(isMonth('2026-13')).toBe(false);
  });

  it('says minutes as hours and minutes', () => {
    expect(minutesWords(90)).toBe('1 h 30 min');
    expect(minutesWords(45)).toBe('45 min');
    expect(minutesWords(120)).toBe('2 h');
  });

  it('sums the month, and says what keeps sessions unpaid', () => {
    const words = totalsWords(
      {
        sessions: 2,
        minutes: 140,
        sessions_amount: 877_778,
        adjustments: -20_000,
        total: 857_778,
        missing: 1,
      },
      IRR,
    );
    expect(words).toEqual([
      '2 sessions (2 h 20 min): 877,778 IRR.',
      'Adjustments: −20,000 IRR.',
      'Total: 857,778 IRR.',
      '1 session is not paid yet: no rate is set, or the session’s time has no end.',
    ]);
  });

  it('reads an adjustment and a rate as typed, with the problems in words', () => {
    expect(readAdjustment({ kind: 'bonus', amount: '۱۰۰,۰۰۰', reason: ' Exams ' }, IRR)).toEqual({
      amount: 100_000,
      reason: 'Exams',
    });
    expect(readAdjustment({ kind: 'bonus', amount: '0', reason: 'x' }, IRR)).toEqual({
      problem: 'The amount must be more than 0.',
    });
    expect(readAdjustment({ kind: 'bonus', amount: '10', reason: ' ' }, IRR)).toEqual({
      problem: 'Please give the reason.',
    });
    expect(readRate('', IRR)).toEqual({ hourly: null });
    expect(readRate('400,000', IRR)).toEqual({ hourly: 400_000 });
    expect(readRate('abc', IRR)).toMatchObject({
      problem: expect.stringContaining('Rate an hour'),
    });
  });
});
