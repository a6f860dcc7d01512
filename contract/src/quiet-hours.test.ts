import { describe, expect, it } from 'vitest';
import { clockMinutes, isQuietTime, minutesInZone, quietMinutesLeft } from './quiet-hours.js';

const at = (iso: string) => new Date(iso);

describe('quiet hours', () => {
  it('reads 24-hour times and refuses anything else', () => {
    expect(clockMinutes('00:00')).toBe(0);
    expect(clockMinutes('07:30')).toBe(450);
    expect(clockMinutes('23:59')).toBe(1439);
    for (const bad of ['24:00', '7:30', '07:60', '07:30:00', '', 'noon', ' 07:30'])
      expect(clockMinutes(bad), bad).toBeUndefined();
  });

  it('is quiet inside a span within one day, from its start up to (not at) its end', () => {
    const quiet = (iso: string) => isQuietTime(at(iso), 'UTC', '13:00', '15:30');
    expect(quiet('2026-11-25T12:59:59Z')).toBe(false);
    expect(quiet('2026-11-25T13:00:00Z')).toBe(true);
    expect(quiet('2026-11-25T15:29:00Z')).toBe(true);
    expect(quiet('2026-11-25T15:30:00Z')).toBe(false);
  });

  it('runs over midnight when the end comes before the start', () => {
    const quiet = (iso: string) => isQuietTime(at(iso), 'UTC', '22:00', '07:00');
    expect(quiet('2026-11-25T21:59:00Z')).toBe(false);
    expect(quiet('2026-11-25T22:00:00Z')).toBe(true);
    expect(quiet('2026-11-25T23:59:00Z')).toBe(true);
    expect(quiet('2026-11-26T00:00:00Z')).toBe(true);
    expect(quiet('2026-11-26T06:59:00Z')).toBe(true);
    expect(quiet('2026-11-26T07:00:00Z')).toBe(false);
    expect(quiet('2026-11-26T12:00:00Z')).toBe(false);
  });

  it("counts on the academy's clocks, not the browser's or UTC", () => {
    // 20:30 UTC is 00:00 in Tehran (UTC+3:30) and 15:30 in New York (UTC−5 in November).
    const moment = at('2026-11-25T20:30:00Z');
    expect(minutesInZone(moment, 'Asia/Tehran')).toBe(0);
    expect(isQuietTime(moment, 'Asia/Tehran', '22:00', '07:00')).toBe(true);
    expect(isQuietTime(moment, 'America/New_York', '22:00', '07:00')).toBe(false);
    expect(isQuietTime(moment, 'UTC', '22:00', '07:00')).toBe(false);
  });

  it('follows daylight saving time: 22:30 in London is quiet in summer and in winter', () => {
    expect(isQuietTime(at('2026-07-01T21:30:00Z'), 'Europe/London', '22:00', '07:00')).toBe(true);
    expect(isQuietTime(at('2026-12-01T22:30:00Z'), 'Europe/London', '22:00', '07:00')).toBe(true);
    expect(isQuietTime(at('2026-12-01T21:30:00Z'), 'Europe/London', '22:00', '07:00')).toBe(false);
  });

  it('is never quiet without quiet hours, with the same start and end, or in an unknown zone', () => {
    const noon = at('2026-11-25T12:00:00Z');
    expect(isQuietTime(noon, 'UTC', null, null)).toBe(false);
    expect(isQuietTime(noon, 'UTC', '11:00', null)).toBe(false);
    expect(isQuietTime(noon, 'UTC', '', '13:00')).toBe(false);
    expect(isQuietTime(noon, 'UTC', '12:00', '12:00')).toBe(false);
    expect(isQuietTime(noon, 'Mars/Olympus', '11:00', '13:00')).toBe(false);
  });

  it('takes a number of milliseconds as well as a Date', () => {
    expect(isQuietTime(Date.parse('2026-11-25T23:00:00Z'), 'UTC', '22:00', '07:00')).toBe(true);
  });

  it('counts the minutes of quiet left, over midnight too, and none outside them', () => {
    const left = (iso: string) => quietMinutesLeft(at(iso), 'UTC', '22:00', '07:00');
    expect(left('2026-11-25T22:00:00Z')).toBe(9 * 60);
    expect(left('2026-11-25T23:30:00Z')).toBe(7 * 60 + 30);
    expect(left('2026-11-26T06:59:00Z')).toBe(1);
    expect(left('2026-11-26T07:00:00Z')).toBe(0);
    expect(left('2026-11-26T12:00:00Z')).toBe(0);
    expect(quietMinutesLeft(at('2026-11-25T14:00:00Z'), 'UTC', '13:00', '15:30')).toBe(90);
    expect(quietMinutesLeft(at('2026-11-25T14:00:00Z'), 'UTC', null, null)).toBe(0);
  });
});
