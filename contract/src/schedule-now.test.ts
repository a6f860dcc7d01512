import { describe, expect, it } from 'vitest';
import { isToCome, sessionsAround } from './schedule-now.js';

const TODAY = '2026-11-22';
/** Session n on day n of November 2026. */
const dated = (n: number, status = 'Next Session') => ({
  session_number: n,
  session_date: `2026-11-${String(n).padStart(2, '0')}`,
  status,
});
const numbers = (list: { session_number: number }[]) => list.map((s) => s.session_number);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('isToCome', () => {
  it('reads a date as a date: today and later are to come, whatever the status', () => {
    expect(isToCome(dated(21, 'Next Session'), TODAY)).toBe(false);
    expect(isToCome(dated(22, 'Held'), TODAY)).toBe(true);
    expect(isToCome(dated(23, 'Cancelled'), TODAY)).toBe(true);
  });

  it('reads the status of a session whose date is other text', () => {
    const free = (status: string) => ({ session_number: 1, session_date: 'next week', status });
    expect(isToCome(free('Next Session'), TODAY)).toBe(true);
    expect(isToCome(free('next session '), TODAY)).toBe(true);
    expect(isToCome(free('Held'), TODAY)).toBe(false);
    expect(isToCome({ ...free('Held'), session_date: '2026-02-31' }, TODAY)).toBe(false);
  });
});

describe('sessionsAround', () => {
  it('shows the three before the next session and six after it', () => {
    const sessions = range(1, 30).map((n) => dated(n));
    expect(numbers(sessionsAround(sessions, TODAY, 10))).toEqual(range(19, 28));
  });

  it('starts at the first when the next session is among the first few', () => {
    const sessions = range(1, 12).map((n) => dated(n));
    // Session 1 was yesterday; today's, session 2, is the next.
    expect(numbers(sessionsAround(sessions, '2026-11-02', 10))).toEqual(range(1, 10));
  });

  it('moves back when too few follow, and shows the last when none is to come', () => {
    const sessions = range(1, 24).map((n) => dated(n));
    expect(numbers(sessionsAround(sessions, TODAY, 10))).toEqual(range(15, 24));
    const past = range(1, 15).map((n) => dated(n, 'Held'));
    expect(numbers(sessionsAround(past, TODAY, 10))).toEqual(range(6, 15));
  });

  it('sorts by number first, and gives all of a short schedule', () => {
    const sessions = [dated(3), dated(1), dated(2)];
    expect(numbers(sessionsAround(sessions, TODAY, 10))).toEqual([1, 2, 3]);
    expect(sessionsAround([], TODAY, 10)).toEqual([]);
  });
});
