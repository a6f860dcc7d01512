import { describe, expect, it } from 'vitest';
import { workState } from './work-state.js';

const DUE = Date.UTC(2026, 11, 4, 17, 0, 0);

describe('workState', () => {
  it('is due until the due instant, inclusive, and overdue after it', () => {
    expect(workState(DUE, null, DUE - 1)).toBe('due');
    expect(workState(DUE, null, DUE)).toBe('due');
    expect(workState(DUE, null, DUE + 1)).toBe('overdue');
  });

  it('is submitted when the first submission came by the due instant, late when after', () => {
    expect(workState(DUE, DUE - 60_000, DUE + 86_400_000)).toBe('submitted');
    expect(workState(DUE, DUE, DUE)).toBe('submitted');
    expect(workState(DUE, DUE + 1, DUE + 1)).toBe('late');
  });

  it('without a due time is submitted once work names it, and has no state before', () => {
    expect(workState(null, null, DUE)).toBeNull();
    expect(workState(null, DUE, DUE)).toBe('submitted');
  });
});
