import { describe, expect, it } from 'vitest';
import { splitGaps } from './gap-text';

describe('a gap-fill’s text', () => {
  it('splits on each gap where it stands', () => {
    expect(splitGaps('I {g1} to school and {g2}.', ['g1', 'g2'])).toEqual([
      { kind: 'text', text: 'I ' },
      { kind: 'gap', id: 'g1' },
      { kind: 'text', text: ' to school and ' },
      { kind: 'gap', id: 'g2' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('handles gaps at the ends and side by side', () => {
    expect(splitGaps('{g1}{g2} end', ['g1', 'g2'])).toEqual([
      { kind: 'gap', id: 'g1' },
      { kind: 'gap', id: 'g2' },
      { kind: 'text', text: ' end' },
    ]);
  });

  it('keeps a marker that names no gap as text', () => {
    expect(splitGaps('Set {x} to {g1}', ['g1'])).toEqual([
      { kind: 'text', text: 'Set {x} to ' },
      { kind: 'gap', id: 'g1' },
    ]);
  });
});
