import { describe, expect, it } from 'vitest';
import { windowState } from './skill-window.js';

describe('windowState', () => {
  it('is open from the start to the end, both inclusive', () => {
    expect(windowState(100, 200, 99)).toBe('upcoming');
    expect(windowState(100, 200, 100)).toBe('open');
    expect(windowState(100, 200, 150)).toBe('open');
    expect(windowState(100, 200, 200)).toBe('open');
    expect(windowState(100, 200, 201)).toBe('closed');
  });
});
