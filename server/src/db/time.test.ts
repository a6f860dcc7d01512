import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayInZone, instantOfWallTime, startOfDayInZone } from './time.js';

const zones = [
  'UTC',
  'Asia/Tehran',
  'Asia/Kathmandu',
  'America/St_Johns',
  'Pacific/Chatham',
  'Europe/London',
];

/** What a formatter built afresh says, without the remembered answer. */
const freshDay = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);

describe('dayInZone', () => {
  it('turns at midnight in zones a quarter or half hour off UTC', () => {
    // Midnight in Kathmandu (UTC+05:45) is 18:15 UTC the day before.
    const midnight = Date.UTC(2026, 10, 22, 18, 15);
    expect(dayInZone(midnight - 1, 'Asia/Kathmandu')).toBe('2026-11-22');
    expect(dayInZone(midnight, 'Asia/Kathmandu')).toBe('2026-11-23');
    // And the minute before again: the remembered answer is not reused across minutes.
    expect(dayInZone(midnight - 60_000, 'Asia/Kathmandu')).toBe('2026-11-22');
  });

  it('agrees with a fresh formatter for any moment and zone, in any order of asking', () => {
    const moment = fc.integer({ min: Date.UTC(1980, 0, 1), max: Date.UTC(2100, 0, 1) });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(moment, fc.constantFrom(...zones), fc.integer({ min: 0, max: 59_999 })), {
          minLength: 1,
          maxLength: 20,
        }),
        (asks) => {
          for (const [ms, zone, within] of asks) {
            // Two asks within one minute: the second is answered from memory.
            const start = Math.floor(ms / 60_000) * 60_000;
            expect(dayInZone(start, zone)).toBe(freshDay(start, zone));
            expect(dayInZone(start + within, zone)).toBe(freshDay(start + within, zone));
          }
        },
      ),
    );
  });
});

/** 'YYYY-MM-DDTHH:MM:SS' on the clocks of `timeZone` at `ms`. */
const wallOf = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
    .format(ms)
    .replace(' ', 'T');

describe('instantOfWallTime', () => {
  it('reads a wall time in the zone, across a half-hour offset', () => {
    expect(instantOfWallTime('2026-12-04T17:00:00', 'UTC')).toBe(Date.UTC(2026, 11, 4, 17));
    expect(instantOfWallTime('2026-12-04T17:00:00', 'Asia/Tehran')).toBe(
      Date.UTC(2026, 11, 4, 13, 30),
    );
    expect(instantOfWallTime('2026-07-04T17:00:00', 'Europe/London')).toBe(
      Date.UTC(2026, 6, 4, 16),
    );
  });

  it('takes the first of a time read twice and moves a skipped time past the jump', () => {
    // London goes back from 02:00 BST to 01:00 GMT on 2026-10-25: 01:30 comes twice.
    expect(instantOfWallTime('2026-10-25T01:30:00', 'Europe/London')).toBe(
      Date.UTC(2026, 9, 25, 0, 30),
    );
    // London jumps from 01:00 GMT to 02:00 BST on 2026-03-29: 01:30 is 02:30 BST.
    expect(instantOfWallTime('2026-03-29T01:30:00', 'Europe/London')).toBe(
      Date.UTC(2026, 2, 29, 1, 30),
    );
  });

  it("is the inverse of the zone's clock for any moment and zone", () => {
    const moment = fc.integer({ min: Date.UTC(1980, 0, 1), max: Date.UTC(2100, 0, 1) });
    fc.assert(
      fc.property(moment, fc.constantFrom(...zones), (ms, zone) => {
        const start = Math.floor(ms / 1000) * 1000;
        const wall = wallOf(start, zone);
        const back = instantOfWallTime(wall, zone);
        // The clocks read that wall time then; a time read twice gives the first instant.
        expect(wallOf(back, zone)).toBe(wall);
        expect(back).toBeLessThanOrEqual(start);
      }),
    );
  });

  it('starts a day at its midnight in the zone', () => {
    expect(startOfDayInZone('2026-11-23', 'Asia/Kathmandu')).toBe(Date.UTC(2026, 10, 22, 18, 15));
  });
});

describe('startOfDayInZone', () => {
  it('is the first millisecond of the day: Tehran (UTC+3:30), Kiritimati (+14), Pago Pago (-11)', () => {
    expect(startOfDayInZone('2026-11-23', 'Asia/Tehran')).toBe(Date.UTC(2026, 10, 22, 20, 30));
    expect(startOfDayInZone('2026-11-23', 'Pacific/Kiritimati')).toBe(
      Date.UTC(2026, 10, 22, 10, 0),
    );
    expect(startOfDayInZone('2026-11-23', 'Pacific/Pago_Pago')).toBe(Date.UTC(2026, 10, 23, 11, 0));
  });

  it('follows a clock change (New York, 8 March 2026 at 02:00 moves to 03:00)', () => {
    expect(startOfDayInZone('2026-03-08', 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 5, 0));
    expect(startOfDayInZone('2026-03-09', 'America/New_York')).toBe(Date.UTC(2026, 2, 9, 4, 0));
  });

  it('falls on its day and the millisecond before on the day before, for any day and zone', () => {
    const day = fc.integer({ min: 0, max: 365 * 100 }).map((n) => addDays('1980-01-01', n));
    fc.assert(
      fc.property(day, fc.constantFrom(...zones, 'America/New_York'), (d, zone) => {
        const start = startOfDayInZone(d, zone);
        expect(freshDay(start, zone)).toBe(d);
        expect(freshDay(start - 1, zone)).toBe(addDays(d, -1));
      }),
    );
  });
});
