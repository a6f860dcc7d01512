import { describe, expect, it } from 'vitest';
import { digestAt } from './outbox-sender.js';

describe("the day's digest", () => {
  it("leaves at 17:00 on the academy's clocks, today or tomorrow", () => {
    expect(digestAt(Date.UTC(2026, 10, 23, 10, 0), 'UTC')).toBe(Date.UTC(2026, 10, 23, 17, 0));
    expect(digestAt(Date.UTC(2026, 10, 23, 17, 0), 'UTC')).toBe(Date.UTC(2026, 10, 24, 17, 0));
    // Istanbul is UTC+3: 17:00 there is 14:00 UTC.
    expect(digestAt(Date.UTC(2026, 10, 23, 13, 0), 'Europe/Istanbul')).toBe(
      Date.UTC(2026, 10, 23, 14, 0),
    );
    expect(digestAt(Date.UTC(2026, 10, 23, 15, 0), 'Europe/Istanbul')).toBe(
      Date.UTC(2026, 10, 24, 14, 0),
    );
  });
});
