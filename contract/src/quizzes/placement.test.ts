import { describe, expect, it } from 'vitest';
import { classIsAtLevel, suggestedLevel } from './placement.js';

const bands = [
  { level: 'A1' as const, from_percent: 0 },
  { level: 'A2' as const, from_percent: 30 },
  { level: 'B1' as const, from_percent: 55 },
  { level: 'B2' as const, from_percent: 80 },
];

describe('a placement test’s suggestion', () => {
  it('is the highest band the mark reaches, its lower bound included', () => {
    expect(suggestedLevel(bands, 0, 40)).toBe('A1');
    // 12 of 40 is 30 %: A2 from 30 % on.
    expect(suggestedLevel(bands, 1200, 40)).toBe('A2');
    expect(suggestedLevel(bands, 1199, 40)).toBe('A1');
    expect(suggestedLevel(bands, 2200, 40)).toBe('B1');
    expect(suggestedLevel(bands, 4000, 40)).toBe('B2');
  });

  it('is none below the first band, or without bands', () => {
    expect(suggestedLevel([{ level: 'B1', from_percent: 50 }], 1000, 40)).toBeNull();
    expect(suggestedLevel([], 4000, 40)).toBeNull();
  });
});

describe('a class at a level', () => {
  it('names the CEFR code as a word of its level, in any case', () => {
    expect(classIsAtLevel('B1', 'B1')).toBe(true);
    expect(classIsAtLevel('b1 evening', 'B1')).toBe(true);
    expect(classIsAtLevel('Pre-intermediate (A2)', 'A2')).toBe(true);
    expect(classIsAtLevel('B12', 'B1')).toBe(false);
    expect(classIsAtLevel('AB1', 'B1')).toBe(false);
    expect(classIsAtLevel(null, 'B1')).toBe(false);
  });
});
