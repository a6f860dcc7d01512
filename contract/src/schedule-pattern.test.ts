import { describe, expect, it } from 'vitest';
import {
  dayNumberOf,
  PATTERN_WEEKDAYS,
  patternProblem,
  patternTime,
  sessionsFromPattern,
  type WeeklyPattern,
} from './schedule-pattern.js';

const pattern = (change: Partial<WeeklyPattern> = {}): WeeklyPattern => ({
  weekdays: ['Monday', 'Wednesday'],
  firstDate: '2026-12-07',
  count: 8,
  time: '18:00',
  firstNumber: 1,
  ...change,
});

const datesAndDays = (p: WeeklyPattern) =>
  sessionsFromPattern(p).map((s) => `${s.session_date} ${s.session_day}`);

describe('sessionsFromPattern', () => {
  it('makes Monday and Wednesday sessions in date order, numbered, dated and timed', () => {
    const sessions = sessionsFromPattern(pattern({ firstNumber: 11 }));
    expect(sessions).toHaveLength(8);
    expect(sessions[0]).toEqual({
      session_number: 11,
      session_day: 'Monday',
      session_date: '2026-12-07',
      session_time: '18:00',
      status: 'Next Session',
    });
    expect(sessions.map((s) => s.session_number)).toEqual([11, 12, 13, 14, 15, 16, 17, 18]);
    // Across the turn of the year: 2026-12-30 is a Wednesday, 2027-01-04 a Monday.
    expect(sessions.map((s) => `${s.session_date} ${s.session_day}`)).toEqual([
      '2026-12-07 Monday',
      '2026-12-09 Wednesday',
      '2026-12-14 Monday',
      '2026-12-16 Wednesday',
      '2026-12-21 Monday',
      '2026-12-23 Wednesday',
      '2026-12-28 Monday',
      '2026-12-30 Wednesday',
    ]);
    expect(datesAndDays(pattern({ count: 10 })).slice(8)).toEqual([
      '2027-01-04 Monday',
      '2027-01-06 Wednesday',
    ]);
  });

  it('starts at the first chosen weekday after a first date that is not one', () => {
    // 2026-12-10 is a Thursday: the next Monday is 2026-12-14.
    expect(datesAndDays(pattern({ firstDate: '2026-12-10', count: 3 }))).toEqual([
      '2026-12-14 Monday',
      '2026-12-16 Wednesday',
      '2026-12-21 Monday',
    ]);
  });

  it('keeps the week boundary: Saturday and Sunday sessions run on across weeks and months', () => {
    // 2026-12-26 is a Saturday, the first day of the spec's week.
    expect(
      datesAndDays(
        pattern({ weekdays: ['Sunday', 'Saturday'], firstDate: '2026-12-26', count: 4 }),
      ),
    ).toEqual([
      '2026-12-26 Saturday',
      '2026-12-27 Sunday',
      '2027-01-02 Saturday',
      '2027-01-03 Sunday',
    ]);
    // Starting on the Sunday: the Saturday before is not included.
    expect(
      datesAndDays(
        pattern({ weekdays: ['Saturday', 'Sunday'], firstDate: '2026-12-27', count: 2 }),
      ),
    ).toEqual(['2026-12-27 Sunday', '2027-01-02 Saturday']);
  });

  it('makes several weekdays a week, in any order, a repeated day counted once', () => {
    expect(
      datesAndDays(
        pattern({
          weekdays: ['Friday', 'Tuesday', 'Thursday', 'Tuesday'],
          firstDate: '2026-12-07',
          count: 6,
        }),
      ),
    ).toEqual([
      '2026-12-08 Tuesday',
      '2026-12-10 Thursday',
      '2026-12-11 Friday',
      '2026-12-15 Tuesday',
      '2026-12-17 Thursday',
      '2026-12-18 Friday',
    ]);
    // Every day of the week: seven days in a row.
    expect(datesAndDays(pattern({ weekdays: PATTERN_WEEKDAYS, count: 7 })).at(-1)).toBe(
      '2026-12-13 Sunday',
    );
  });

  it('lists the weekdays Saturday to Friday, as the rest of the app runs the week', () => {
    expect(PATTERN_WEEKDAYS).toEqual([
      'Saturday',
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
    ]);
  });

  it('counts plain calendar days over daylight-saving changes and a leap day', () => {
    // Europe moves its clocks on 2026-03-29 and 2026-10-25, the US on 2026-03-08: all Sundays.
    for (const sunday of ['2026-03-08', '2026-03-29', '2026-10-25']) {
      const [first, second] = datesAndDays(
        pattern({ weekdays: ['Sunday', 'Monday'], firstDate: sunday, count: 2 }),
      );
      expect(first).toBe(`${sunday} Sunday`);
      expect(second?.endsWith(' Monday')).toBe(true);
      expect(dayNumberOf(second?.slice(0, 10) ?? '')).toBe((dayNumberOf(sunday) ?? 0) + 1);
    }
    expect(
      datesAndDays(pattern({ weekdays: ['Tuesday'], firstDate: '2028-02-26', count: 2 })),
    ).toEqual(['2028-02-29 Tuesday', '2028-03-07 Tuesday']);
  });

  it('makes up to 100 sessions, each date a week apart for one weekday', () => {
    const sessions = sessionsFromPattern(pattern({ weekdays: ['Monday'], count: 100 }));
    expect(sessions).toHaveLength(100);
    const days = sessions.map((s) => dayNumberOf(s.session_date) ?? 0);
    expect(days.slice(1).every((d, i) => d - (days[i] ?? 0) === 7)).toBe(true);
    expect(sessions.every((s) => s.session_day === 'Monday')).toBe(true);
  });

  it('names what is wrong with a pattern, and refuses to make its sessions', () => {
    expect(patternProblem(pattern())).toBeNull();
    expect(patternProblem(pattern({ weekdays: [] }))).toBe('Choose at least one weekday.');
    expect(patternProblem(pattern({ firstDate: '' }))).toBe('Choose the first date.');
    expect(patternProblem(pattern({ firstDate: '2026-02-31' }))).toBe(
      'The first date is not a date.',
    );
    expect(patternProblem(pattern({ firstDate: '7 Dec 2026' }))).toBe(
      'The first date is not a date.',
    );
    expect(patternProblem(pattern({ time: ' ' }))).toBe('Enter the time.');
    for (const count of [0, 101, 2.5, Number.NaN]) {
      expect(patternProblem(pattern({ count }))).toBe(
        'The number of sessions must be from 1 to 100.',
      );
    }
    expect(patternProblem(pattern({ firstNumber: 9990, count: 20 }))).toBe(
      'Session numbers can go up to 9999.',
    );
    expect(() => sessionsFromPattern(pattern({ weekdays: [] }))).toThrow(
      'Choose at least one weekday.',
    );
  });

  it('refuses sessions past the year 9999, and makes the last ones that fit (issue 48)', () => {
    const pastTheEnd =
      'The sessions would go past the year 9999. Choose an earlier first date or fewer sessions.';
    // 9999-12-31 is a Friday: one Friday session fits, a second would be in the year 10000.
    expect(
      datesAndDays(pattern({ weekdays: ['Friday'], firstDate: '9999-12-31', count: 1 })),
    ).toEqual(['9999-12-31 Friday']);
    const changes: Partial<WeeklyPattern>[] = [
      { weekdays: ['Friday'], firstDate: '9999-12-31', count: 2 },
      { weekdays: ['Monday'], firstDate: '9999-12-31', count: 1 },
      { firstDate: '9999-12-31', count: 5 },
      { firstDate: '9999-12-01', count: 100 },
    ];
    for (const change of changes) expect(patternProblem(pattern(change))).toBe(pastTheEnd);
    expect(() => sessionsFromPattern(pattern({ firstDate: '9999-12-31', count: 5 }))).toThrow(
      pastTheEnd,
    );
  });
});

describe('patternTime', () => {
  it('writes a start and end as the time hint shows, or a start alone', () => {
    expect(patternTime('18:00', '19:30')).toBe('18:00 - 19:30');
    expect(patternTime('18:00')).toBe('18:00');
    expect(patternTime('18:00', ' ')).toBe('18:00');
  });
});
