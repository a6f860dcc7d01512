import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupIntoSemesters } from './semesters';

const TODAY = '2026-11-22';
/** Sessions held in the past (a date that is not one, status Held): the latest group is current. */
const sessions = (...numbers: number[]) =>
  numbers.map((n) => ({ session_number: n, session_date: 'some day', status: 'Held' }));
const numbersOf = (list: { session_number: number }[]) => list.map((s) => s.session_number);
const currentOf = (result: { current: { sessions: { session_number: number }[] }[] }) =>
  numbersOf(result.current.flatMap((g) => g.sessions));
/** A timetable of `count` sessions a day apart, session `todayIs` on TODAY. */
const timetable = (count: number, todayIs: number) =>
  Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(2026, 10, 22 + i + 1 - todayIs)).toISOString().slice(0, 10);
    return {
      session_number: i + 1,
      session_date: date,
      status: date < TODAY ? 'Held' : 'Next Session',
    };
  });

describe('groupIntoSemesters', () => {
  it('keeps 1–10 as one current semester', () => {
    const result = groupIntoSemesters(sessions(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), TODAY);
    expect(currentOf(result)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(result.archived).toEqual([]);
    expect(result.current.map((g) => g.title)).toEqual(['Semester 1']);
  });

  it('archives 1–10 as Semester 1 when 11 and 12 follow', () => {
    const result = groupIntoSemesters(sessions(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), TODAY);
    expect(result.archived.map((g) => g.title)).toEqual(['Semester 1']);
    expect(numbersOf(result.archived[0]?.sessions ?? [])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(currentOf(result)).toEqual([11, 12]);
  });

  it('sorts unsorted input first', () => {
    const result = groupIntoSemesters(sessions(12, 3, 11, 1, 2), TODAY);
    expect(numbersOf(result.archived[0]?.sessions ?? [])).toEqual([1, 2, 3]);
    expect(currentOf(result)).toEqual([11, 12]);
  });

  it('splits at 1, 11, 21 and 101, with gaps', () => {
    const result = groupIntoSemesters(sessions(1, 4, 11, 15, 21, 30, 101, 102), TODAY);
    expect(result.archived.map((g) => numbersOf(g.sessions))).toEqual([
      [1, 4],
      [11, 15],
      [21, 30],
    ]);
    expect(result.archived.map((g) => g.title)).toEqual(['Semester 1', 'Semester 2', 'Semester 3']);
    expect(currentOf(result)).toEqual([101, 102]);
  });

  it('starts a first semester at 5 without a 1', () => {
    const result = groupIntoSemesters(sessions(5, 6, 7, 11), TODAY);
    expect(result.archived.map((g) => numbersOf(g.sessions))).toEqual([[5, 6, 7]]);
    expect(currentOf(result)).toEqual([11]);
  });

  it('has nothing current for an empty schedule', () => {
    expect(groupIntoSemesters([], TODAY)).toEqual({ current: [], archived: [] });
  });

  describe('a group holding a session to come is never archived (issue 49, point 2)', () => {
    it('keeps both groups of a 12-session timetable current with today at session 3', () => {
      const result = groupIntoSemesters(timetable(12, 3), TODAY);
      expect(result.archived).toEqual([]);
      expect(result.current.map((g) => [g.title, numbersOf(g.sessions)])).toEqual([
        ['Semester 1', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
        ['Semester 2', [11, 12]],
      ]);
    });

    it('counts today’s session as not past, held or not', () => {
      const sessions = timetable(12, 10).map((s) =>
        s.session_number === 10 ? { ...s, status: 'Held' } : s,
      );
      const result = groupIntoSemesters(sessions, TODAY);
      expect(result.archived).toEqual([]);
      expect(currentOf(result)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    });

    it('archives a group once all of it is past', () => {
      const result = groupIntoSemesters(timetable(22, 11), TODAY);
      expect(result.archived.map((g) => g.title)).toEqual(['Semester 1']);
      expect(result.current.map((g) => g.title)).toEqual(['Semester 2', 'Semester 3']);
    });

    it('keeps the latest group current when nothing is to come', () => {
      const result = groupIntoSemesters(timetable(12, 20), TODAY);
      expect(result.archived.map((g) => g.title)).toEqual(['Semester 1']);
      expect(currentOf(result)).toEqual([11, 12]);
    });

    it('reads the status of a session whose date is free text', () => {
      const result = groupIntoSemesters(
        [
          ...sessions(1, 2, 3, 11, 12),
          { session_number: 13, session_date: 'next Monday', status: 'Next Session' },
          { session_number: 21, session_date: 'soon', status: 'Next Session' },
        ],
        TODAY,
      );
      expect(result.archived.map((g) => g.title)).toEqual(['Semester 1']);
      expect(result.current.map((g) => numbersOf(g.sessions))).toEqual([[11, 12, 13], [21]]);
    });

    it('archives only groups wholly past, for any timetable and any today', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: -5, max: 70 }), (n, at) => {
          const result = groupIntoSemesters(timetable(n, at), TODAY);
          for (const group of result.archived)
            for (const s of group.sessions) expect(s.session_date < TODAY).toBe(true);
          const next = timetable(n, at).find((s) => s.session_date >= TODAY);
          const first = result.current[0]?.sessions ?? [];
          if (next) expect(first.map((s) => s.session_number)).toContain(next.session_number);
          expect(result.current.length).toBeGreaterThan(0);
        }),
      );
    });
  });

  it('holds its rules for any set of session numbers', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { maxLength: 80 }),
        (numbers) => {
          const result = groupIntoSemesters(sessions(...numbers), TODAY);
          const groups = [
            ...result.archived.map((g) => numbersOf(g.sessions)),
            ...result.current.map((g) => numbersOf(g.sessions)),
          ].filter((g) => g.length > 0);
          // Every session once, in order.
          expect(groups.flat()).toEqual([...numbers].sort((a, b) => a - b));
          groups.forEach((group, i) => {
            // A semester after the first starts at a number ending in 1 …
            if (i > 0) expect((group[0] ?? 0) % 10).toBe(1);
            // … and no number ending in 1 sits inside one.
            for (const n of group.slice(1)) expect(n % 10).not.toBe(1);
          });
          [...result.archived, ...result.current].forEach((g, i) => {
            expect(g.title).toBe(`Semester ${i + 1}`);
          });
        },
      ),
    );
  });
});
