import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClockEvents, nextDayStart } from './clock.js';

describe('nextDayStart', () => {
  it('is the next midnight of the academy’s zone, not of UTC', () => {
    const noonUtc = Date.UTC(2026, 10, 25, 12, 0, 0);
    expect(nextDayStart(noonUtc, 'UTC')).toBe(Date.UTC(2026, 10, 26, 0, 0, 0));
    // Tehran is UTC+3:30: its next midnight is 20:30 UTC.
    expect(nextDayStart(noonUtc, 'Asia/Tehran')).toBe(Date.UTC(2026, 10, 25, 20, 30, 0));
    // Just before midnight, and at midnight itself (the next day starts a day later).
    expect(nextDayStart(Date.UTC(2026, 10, 25, 23, 59, 59, 999), 'UTC')).toBe(
      Date.UTC(2026, 10, 26),
    );
    expect(nextDayStart(Date.UTC(2026, 10, 26), 'UTC')).toBe(Date.UTC(2026, 10, 27));
  });

  it('finds the day a clock change makes 23 or 25 hours long', () => {
    // New York leaves daylight time on 2026-11-01: that day lasts 25 hours.
    const morning = Date.UTC(2026, 10, 1, 8, 0, 0); // 03:00 EST
    expect(nextDayStart(morning, 'America/New_York')).toBe(Date.UTC(2026, 10, 2, 5, 0, 0));
    // And enters it on 2026-03-08: 23 hours.
    const march = Date.UTC(2026, 2, 8, 6, 0, 0); // 01:00 EST
    expect(nextDayStart(march, 'America/New_York')).toBe(Date.UTC(2026, 2, 9, 4, 0, 0));
  });
});

describe('ClockEvents', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells students of their cards when the day turns, and of items as their windows open or close', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 25, 23, 0, 0) });
    const heard: string[] = [];
    let opensAt: number | null = Date.UTC(2026, 10, 25, 23, 30, 0);
    const clock = new ClockEvents({
      now: Date.now,
      timeZone: () => 'UTC',
      nextWindowChange: async (now) => (opensAt !== null && opensAt > now ? opensAt : null),
      deliver: (topic, audience) => heard.push(`${topic}:${JSON.stringify(audience)}`),
      warn: () => {},
    });
    clock.start();
    await vi.advanceTimersByTimeAsync(29 * 60_000);
    expect(heard).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(heard).toEqual(['skills:{"students":true}', 'speaking:{"students":true}']);
    opensAt = null;
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(heard.slice(2)).toEqual(['cards:{"students":true}']);
    clock.stop();
  });

  it('turns the day once, however often the zone is said to change, and leaves no timer when stopped', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 25, 23, 0, 0) });
    const heard: string[] = [];
    const clock = new ClockEvents({
      now: Date.now,
      timeZone: () => 'UTC',
      nextWindowChange: async () => null,
      deliver: (topic) => heard.push(topic),
      warn: () => {},
    });
    // As on PostgreSQL: the settings are read again before the clock starts, and again after.
    clock.timeZoneChanged();
    clock.start();
    clock.timeZoneChanged();
    await vi.advanceTimersByTimeAsync(61 * 60_000);
    expect(heard).toEqual(['cards']);
    clock.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads the next window again when items change', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 25, 10, 0, 0) });
    const heard: string[] = [];
    let opensAt: number | null = null;
    const clock = new ClockEvents({
      now: Date.now,
      timeZone: () => 'UTC',
      nextWindowChange: async (now) => (opensAt !== null && opensAt > now ? opensAt : null),
      deliver: (topic) => heard.push(topic),
      warn: () => {},
    });
    clock.start();
    await vi.advanceTimersByTimeAsync(1_000);
    opensAt = Date.now() + 5 * 60_000;
    clock.windowsChanged();
    await vi.advanceTimersByTimeAsync(5 * 60_000 + 1_000);
    expect(heard).toEqual(['skills', 'speaking']);
    clock.stop();
  });
});
