import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayInZone, dayStartInZone } from './time.js';

const zones = ['UTC', 'Asia/Tehran', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham'];

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

describe('dayStartInZone', () => {
  it('is the first millisecond of the day: Tehran (UTC+3:30), Kiritimati (+14), Pago Pago (-11)', () => {
    expect(dayStartInZone('2026-11-23', 'Asia/Tehran')).toBe(Date.UTC(2026, 10, 22, 20, 30));
    expect(dayStartInZone('2026-11-23', 'Pacific/Kiritimati')).toBe(Date.UTC(2026, 10, 22, 10, 0));
    expect(dayStartInZone('2026-11-23', 'Pacific/Pago_Pago')).toBe(Date.UTC(2026, 10, 23, 11, 0));
  });

  it('follows a clock change (New York, 8 March 2026 at 02:00 moves to 03:00)', () => {
    expect(dayStartInZone('2026-03-08', 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 5, 0));
    expect(dayStartInZone('2026-03-09', 'America/New_York')).toBe(Date.UTC(2026, 2, 9, 4, 0));
  });

  it('falls on its day and the millisecond before on the day before, for any day and zone', () => {
    const day = fc.integer({ min: 0, max: 365 * 100 }).map((n) => addDays('1980-01-01', n));
    fc.assert(
      fc.property(day, fc.constantFrom(...zones, 'America/New_York'), (d, zone) => {
        const start = dayStartInZone(d, zone);
        expect(freshDay(start, zone)).toBe(d);
        expect(freshDay(start - 1, zone)).toBe(addDays(d, -1));
      }),
    );
  });
});
