import { describe, expect, it } from 'vitest';
import { counted, promptExcerpt } from './presenters.js';
import { cut, withDefaults } from './question-tags.js';

describe('what a row shows of an item', () => {
  it('shows a gap fill’s text with each gap as ___', () => {
    expect(
      promptExcerpt('Fill the gaps.', {
        type: 'gaps',
        text: 'I {g1} to school and {g2} home.',
        gaps: [{ id: 'g1' }, { id: 'g2' }],
      }),
    ).toBe('Fill the gaps. I ___ to school and ___ home.');
    expect(promptExcerpt('True?', { type: 'true_false' })).toBe('True?');
  });

  it('cuts a long prompt to one line with an ellipsis', () => {
    expect(cut('a\n b   c', 10)).toBe('a b c');
    expect(cut('x'.repeat(200), 160)).toBe(`${'x'.repeat(159)}…`);
    expect(promptExcerpt('y'.repeat(500), { type: 'short' })).toHaveLength(160);
  });

  it('counts in words', () => {
    expect(counted(1, 'attempt')).toBe('1 attempt');
    expect(counted(12, 'attempt')).toBe('12 attempts');
    expect(counted(2, 'quiz', 'quizzes')).toBe('2 quizzes');
  });
});

describe('an imported question’s tags', () => {
  it('keeps what its category gave and takes the import’s choices for the rest', () => {
    const defaults = { level: 'A2', skill: 'reading', unit: 'Starter' } as const;
    expect(withDefaults({ level: 'B1', skill: null, unit: null }, defaults)).toEqual({
      level: 'B1',
      skill: 'reading',
      unit: 'Starter',
    });
    expect(withDefaults({ level: null, skill: 'grammar', unit: 'Unit 3' }, defaults)).toEqual({
      level: 'A2',
      skill: 'grammar',
      unit: 'Unit 3',
    });
  });
});
