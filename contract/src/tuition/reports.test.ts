import { describe, expect, it } from 'vitest';
import { incomeRangeProblem } from './reports.js';

describe('an income range', () => {
  it('runs forwards, a day at least and 400 at most, first and last counted', () => {
    expect(incomeRangeProblem('2026-10-01', '2026-10-01')).toBeNull();
    expect(incomeRangeProblem('2026-01-01', '2027-02-04')).toBeNull();
    expect(incomeRangeProblem('2026-01-01', '2027-02-05')).toBe(
      'A range may be at most 400 days long; this one is 401.',
    );
    expect(incomeRangeProblem('2026-10-02', '2026-10-01')).toBe(
      'The range must end on or after the day it starts.',
    );
  });

  it('leaves days that are not dates to the fields', () => {
    expect(incomeRangeProblem('2026-02-30', '2026-03-01')).toBeNull();
    expect(incomeRangeProblem('', '2026-03-01')).toBeNull();
  });
});
