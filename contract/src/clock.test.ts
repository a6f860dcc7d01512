import { describe, expect, it } from 'vitest';
import { formatClock } from './clock.js';

describe('formatClock', () => {
  it('writes whole minutes and two-digit seconds, rounding to the nearest second', () => {
    expect(formatClock(125)).toBe('2:05');
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(325.4)).toBe('5:25');
    expect(formatClock(59.6)).toBe('1:00');
    expect(formatClock(600)).toBe('10:00');
  });

  it('never writes a negative length', () => {
    expect(formatClock(-3)).toBe('0:00');
  });
});
