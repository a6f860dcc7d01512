import { describe, expect, it } from 'vitest';
import { patternDates, timesProblem, type WeeklyPattern } from './schedule-pattern.js';

/** Issue 49, point 8: the weekly pattern lists the dates it will make before it runs. */
const pattern = (change: Partial<WeeklyPattern> = {}): WeeklyPattern => ({
  weekdays: ['Monday', 'Wednesday'],
  firstDate: '2026-12-07',
  count: 4,
  time: '18:00 - 19:00',
  firstNumber: 1,
  ...change,
});

describe('patternDates', () => {
  it('lists the dates the pattern will make, in order', () => {
    expect(patternDates(pattern())).toEqual({
      dates: ['2026-12-07', '2026-12-09', '2026-12-14', '2026-12-16'],
      problem: null,
    });
  });

  it('starts on the first chosen weekday on or after the first date, across a year', () => {
    // 2026-12-31 is a Thursday: the first Saturday after it is 2027-01-02.
    expect(
      patternDates(pattern({ weekdays: ['Saturday'], firstDate: '2026-12-31', count: 2 })).dates,
    ).toEqual(['2027-01-02', '2027-01-09']);
  });

  it('names the problem instead of dates while the pattern is not complete', () => {
    expect(patternDates(pattern({ weekdays: [] }))).toEqual({
      dates: null,
      problem: 'Choose at least one weekday.',
    });
    expect(patternDates(pattern({ firstDate: '' })).problem).toBe('Choose the first date.');
    expect(patternDates(pattern({ count: 0 })).problem).toMatch(/from 1 to 100/);
  });
});

describe('timesProblem', () => {
  it('takes a start alone, or a start before its end', () => {
    expect(timesProblem('18:00')).toBeNull();
    expect(timesProblem('18:00', '19:30')).toBeNull();
  });

  it('refuses an end at or before the start, and a missing start', () => {
    expect(timesProblem('19:00', '18:00')).toBe('The end time must be after the start time.');
    expect(timesProblem('18:00', '18:00')).toBe('The end time must be after the start time.');
    expect(timesProblem('', '18:00')).toBe('Enter the start time.');
  });
});
