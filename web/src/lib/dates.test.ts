import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatDateAsWritten,
  formatDue,
  formatLongDate,
  formatLongDateTime,
  formatLongDateTimeWithSeconds,
  formatTime,
  formatWallTime,
  parseServerTime,
  timesAreIn,
  toLocalInputValue,
} from './dates';

// The reader's zone matters: run as someone in New York reading UTC server times.
const originalTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = originalTz;
});

describe('parseServerTime', () => {
  it('reads the spec format as UTC', () => {
    expect(parseServerTime('2026-11-22 15:04:05').toISOString()).toBe('2026-11-22T15:04:05.000Z');
  });

  it('accepts ISO strings with their own offset', () => {
    expect(parseServerTime('2026-11-22T15:04:05+02:00').toISOString()).toBe(
      '2026-11-22T13:04:05.000Z',
    );
  });

  it.each([
    '',
    'yesterday',
    '2026-13-45 99:99:99',
    '2026-02-31',
    '2026-02-29',
    '2026-04-31 10:00:00',
    '2026-00-10',
    null,
    undefined,
  ])('gives an invalid date for %s', (value) => {
    expect(Number.isNaN(parseServerTime(value).getTime())).toBe(true);
  });
});

describe('formatting in en-US', () => {
  it('formats the long date in the reader’s zone', () => {
    // 02:00 UTC on the 23rd is still the 22nd in New York.
    expect(formatLongDate('2026-11-23 02:00:00')).toBe('November 22, 2026');
  });

  it('keeps a calendar day as that day', () => {
    expect(formatLongDate('2026-11-23')).toBe('November 23, 2026');
  });

  it('formats a two-digit time', () => {
    expect(formatTime('2026-11-22 15:04:05')).toBe('10:04 AM');
  });

  it('formats date and time with am/pm, with or without seconds', () => {
    expect(formatLongDateTime('2026-11-22 15:04:05')).toBe('November 22, 2026 at 10:04 AM');
    expect(formatLongDateTimeWithSeconds('2026-11-22 15:04:05')).toBe(
      'November 22, 2026 at 10:04:05 AM',
    );
  });

  it('says Invalid Date and Invalid Time for values that do not parse', () => {
    expect(formatLongDate('not a date')).toBe('Invalid Date');
    expect(formatTime('not a date')).toBe('Invalid Time');
  });
});

describe('formatDateAsWritten (a schedule session’s free-text date)', () => {
  it.each([
    ['a real day in US long format', '2026-12-05', 'December 5, 2026'],
    ['a real leap day in US long format', '2028-02-29', 'February 29, 2028'],
    ['an impossible day as written, not rolled into the next month', '2026-02-31', '2026-02-31'],
    ['a leap day of a year without one as written', '2026-02-29', '2026-02-29'],
    ['free text as written', 'December 5', 'December 5'],
    ['nothing as nothing', '', ''],
  ])('shows %s', (_, written, shown) => {
    expect(formatDateAsWritten(written)).toBe(shown);
  });
});

describe('datetime-local inputs', () => {
  it('gives a server time on the reader’s clock when no zone is named', () => {
    expect(toLocalInputValue('2026-11-22 15:04:00')).toBe('2026-11-22T10:04');
  });

  // 13:30 UTC is 17:00 in Tehran (the reader is in New York, 08:30); 11:30 UTC is 00:30 the next day in Auckland.
  it.each([
    ['2026-12-04 13:30:00', 'Asia/Tehran', '2026-12-04T17:00'],
    ['2026-12-04 11:30:00', 'Pacific/Auckland', '2026-12-05T00:30'],
    ['2026-12-04 13:30:00', 'UTC', '2026-12-04T13:30'],
    [null, 'Asia/Tehran', ''],
  ])(
    'gives %s on the clock of %s, whatever the reader’s (a due time on the academy’s)',
    (time, zone, shown) => {
      expect(toLocalInputValue(time, zone)).toBe(shown);
    },
  );

  it('leaves empty and invalid values empty', () => {
    expect(toLocalInputValue('nope')).toBe('');
  });
});

describe('formatDue', () => {
  it("shows a due time on the academy's clock, naming the zone when the reader's differs", () => {
    // 13:30 UTC is 5:00 PM in Tehran; the reader is in New York.
    expect(formatDue('2026-12-04 13:30:00', 'Asia/Tehran')).toBe(
      'December 4, 2026 at 5:00 PM GMT+3:30',
    );
    expect(formatDue('2026-12-04 22:00:00', 'America/New_York')).toBe(
      'December 4, 2026 at 5:00 PM',
    );
  });

  it("falls back to the reader's clock without a zone, and says when it cannot read one", () => {
    expect(formatDue('2026-12-04 22:00:00')).toBe('December 4, 2026 at 5:00 PM');
    expect(formatDue('soon', 'UTC')).toBe('Invalid Date');
  });
});

describe('academy clock words', () => {
  it('shows a wall time with the digits it was typed with, whatever the reader’s zone', () => {
    expect(formatWallTime('2030-01-15T09:30:00')).toBe('January 15, 2030 at 9:30 AM');
    expect(formatWallTime('nope')).toBe('Invalid Date');
  });

  it('names the zone a typed time is in', () => {
    expect(timesAreIn('America/New_York')).toBe('Times are in America/New York.');
    expect(timesAreIn(undefined)).toBe("Times are on the academy's clock.");
  });
});
