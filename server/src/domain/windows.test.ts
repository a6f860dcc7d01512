import { describe, expect, it } from 'vitest';
import { nextChangeOf, windowState } from './windows.js';

describe('windowState', () => {
  it('is open from the start to the end, both inclusive', () => {
    expect(windowState(100, 200, 99)).toBe('upcoming');
    expect(windowState(100, 200, 100)).toBe('open');
    expect(windowState(100, 200, 150)).toBe('open');
    expect(windowState(100, 200, 200)).toBe('open');
    expect(windowState(100, 200, 201)).toBe('closed');
  });
});

describe('nextChangeOf', () => {
  it('is the earliest opening, or the millisecond after the earliest end, among all kinds', () => {
    expect(nextChangeOf({ opens: 500, closes: 300 }, { opens: 250, closes: null })).toBe(250);
    expect(nextChangeOf({ opens: null, closes: 300 }, { opens: '400', closes: '350' })).toBe(301);
  });

  it('is null when nothing opens or closes ahead', () => {
    expect(nextChangeOf({ opens: null, closes: null }, undefined)).toBeNull();
  });
});
