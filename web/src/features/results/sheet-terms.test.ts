import { describe, expect, it } from 'vitest';
import { defaultTermId } from './sheet-terms';

const terms = [
  { id: 1, first_day: '2026-01-10' },
  { id: 3, first_day: '2026-09-01' },
  { id: 2, first_day: '2026-04-01' },
];

describe('the term a sheet opens at', () => {
  it('is the current term', () => {
    expect(defaultTermId(terms, 2, '2026-05-01')).toBe(2);
  });

  it('between terms, is the latest that has begun', () => {
    expect(defaultTermId(terms, null, '2026-08-15')).toBe(2);
    expect(defaultTermId(terms, null, '2027-01-01')).toBe(3);
  });

  it('before any has begun, is the first; with none, none', () => {
    expect(defaultTermId(terms, null, '2025-12-01')).toBe(1);
    expect(defaultTermId([], null, '2026-01-01')).toBeUndefined();
  });
});
