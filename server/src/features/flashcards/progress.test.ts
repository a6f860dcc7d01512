import { describe, expect, it } from 'vitest';
import { weekOf } from '../../db/time.js';
import { streakOf } from './progress.js';

describe('weekOf: the spec’s week, Saturday to Friday', () => {
  it('runs from the Saturday on or before today to the Friday after it', () => {
    // 2026-11-28 is a Saturday.
    expect(weekOf('2026-11-28')).toEqual({ start: '2026-11-28', end: '2026-12-04' });
    expect(weekOf('2026-12-04')).toEqual({ start: '2026-11-28', end: '2026-12-04' });
    expect(weekOf('2026-12-01')).toEqual({ start: '2026-11-28', end: '2026-12-04' });
    expect(weekOf('2026-12-05')).toEqual({ start: '2026-12-05', end: '2026-12-11' });
  });

  it('crosses months and years', () => {
    // 2026-12-31 is a Thursday; its week started on Saturday 26 December.
    expect(weekOf('2026-12-31')).toEqual({ start: '2026-12-26', end: '2027-01-01' });
    expect(weekOf('2027-01-01')).toEqual({ start: '2026-12-26', end: '2027-01-01' });
  });
});

describe('streakOf: the run of days practised', () => {
  it('is 0 with no answers, or when the last was before yesterday', () => {
    expect(streakOf([], '2026-11-23')).toBe(0);
    expect(streakOf(['2026-11-21'], '2026-11-23')).toBe(0);
  });

  it('counts consecutive days ending today', () => {
    expect(streakOf(['2026-11-23', '2026-11-22', '2026-11-21', '2026-11-19'], '2026-11-23')).toBe(
      3,
    );
  });

  it('keeps a run that ended yesterday while today has no answer yet', () => {
    expect(streakOf(['2026-11-22', '2026-11-21'], '2026-11-23')).toBe(2);
  });

  it('counts a day once however many answers it had, in any order, across a month end', () => {
    expect(
      streakOf(
        ['2026-12-01', '2026-11-30', '2026-12-01', '2026-11-29', '2026-11-30'],
        '2026-12-01',
      ),
    ).toBe(3);
  });
});
