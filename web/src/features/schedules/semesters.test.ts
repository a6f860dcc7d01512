import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupIntoSemesters } from './semesters';

const sessions = (...numbers: number[]) => numbers.map((n) => ({ session_number: n }));
const numbersOf = (list: { session_number: number }[]) => list.map((s) => s.session_number);

describe('groupIntoSemesters', () => {
  it('keeps 1–10 as one current semester', () => {
    const result = groupIntoSemesters(sessions(1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
    expect(numbersOf(result.current)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(result.archived).toEqual([]);
  });

  it('archives 1–10 as Semester 1 when 11 and 12 follow', () => {
    const result = groupIntoSemesters(sessions(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
    expect(result.archived.map((g) => g.title)).toEqual(['Semester 1']);
    expect(numbersOf(result.archived[0]?.sessions ?? [])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(numbersOf(result.current)).toEqual([11, 12]);
  });

  it('sorts unsorted input first', () => {
    const result = groupIntoSemesters(sessions(12, 3, 11, 1, 2));
    expect(numbersOf(result.archived[0]?.sessions ?? [])).toEqual([1, 2, 3]);
    expect(numbersOf(result.current)).toEqual([11, 12]);
  });

  it('splits at 1, 11, 21 and 101, with gaps', () => {
    const result = groupIntoSemesters(sessions(1, 4, 11, 15, 21, 30, 101, 102));
    expect(result.archived.map((g) => numbersOf(g.sessions))).toEqual([
      [1, 4],
      [11, 15],
      [21, 30],
    ]);
    expect(result.archived.map((g) => g.title)).toEqual(['Semester 1', 'Semester 2', 'Semester 3']);
    expect(numbersOf(result.current)).toEqual([101, 102]);
  });

  it('starts a first semester at 5 without a 1', () => {
    const result = groupIntoSemesters(sessions(5, 6, 7, 11));
    expect(result.archived.map((g) => numbersOf(g.sessions))).toEqual([[5, 6, 7]]);
    expect(numbersOf(result.current)).toEqual([11]);
  });

  it('has nothing current for an empty schedule', () => {
    expect(groupIntoSemesters([])).toEqual({ current: [], archived: [] });
  });

  it('holds its rules for any set of session numbers', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { maxLength: 80 }),
        (numbers) => {
          const result = groupIntoSemesters(sessions(...numbers));
          const groups = [
            ...result.archived.map((g) => numbersOf(g.sessions)),
            numbersOf(result.current),
          ].filter((g) => g.length > 0);
          // Every session once, in order.
          expect(groups.flat()).toEqual([...numbers].sort((a, b) => a - b));
          groups.forEach((group, i) => {
            // A semester after the first starts at a number ending in 1 …
            if (i > 0) expect((group[0] ?? 0) % 10).toBe(1);
            // … and no number ending in 1 sits inside one.
            for (const n of group.slice(1)) expect(n % 10).not.toBe(1);
          });
          result.archived.forEach((g, i) => {
            expect(g.title).toBe(`Semester ${i + 1}`);
          });
        },
      ),
    );
  });
});
