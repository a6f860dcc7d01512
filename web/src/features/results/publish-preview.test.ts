import { describe, expect, it } from 'vitest';
import { adjustProblem } from './adjust-popup';
import { notReadySentence, publishPreview, withdrawingSentence } from './publish-preview';
import type { Sheet, SheetStudent } from './use-results';

const student = (over: Partial<SheetStudent>): SheetStudent => ({
  id: 1,
  name: 'Ana',
  scores: [],
  absences: 0,
  eligible: true,
  attendance: null,
  total: 8000,
  outcome: 'pass',
  missing: [],
  published: null,
  differs: false,
  adjustments: [],
  ...over,
});

const sheetOf = (students: SheetStudent[]) => ({ students }) as unknown as Sheet;

describe('what publishing would do (issue 49, points 9 and 11)', () => {
  it('counts the ready, names the rest and why, and the certificates a change withdraws', () => {
    const preview = publishPreview(
      sheetOf([
        student({ name: 'Ana' }),
        student({ name: 'Ben', total: null, outcome: null, missing: ['Final', 'Oral'] }),
        student({ name: 'Cem', total: null, outcome: null, missing: [] }),
        student({
          name: 'Dia',
          total: 6000,
          outcome: 'fail',
          published: { total: 8000, outcome: 'pass' },
          differs: true,
        }),
        student({ name: 'Eda', published: { total: 8000, outcome: 'pass' } }),
      ]),
    );
    expect(preview).toEqual({
      ready: 3,
      notReady: [
        { name: 'Ben', why: 'no score for Final, Oral' },
        { name: 'Cem', why: 'every component is excused' },
      ],
      withdrawing: ['Dia'],
    });
    expect(notReadySentence(preview.notReady)).toBe(
      'Not published yet, without a total: Ben (no score for Final, Oral), Cem (every component is excused). Publish again once they have one.',
    );
    expect(withdrawingSentence(preview.withdrawing)).toBe(
      'The certificate of Dia is withdrawn: their result is no longer a pass.',
    );
    expect(notReadySentence([])).toBeNull();
    expect(withdrawingSentence([])).toBeNull();
  });

  it('checks an override before sending: a score and a reason', () => {
    expect(adjustProblem('excused', '', '')).toBeNull();
    expect(adjustProblem('override', '', 'x')).toBe('Please type the score that overrides it.');
    expect(adjustProblem('override', '101', 'x')).toBe('A score can be at most 100.');
    expect(adjustProblem('override', '85.5', ' ')).toBe('Please say why the score is overridden.');
    expect(adjustProblem('override', '85,5', 'Paper')).toBeNull();
  });
});
