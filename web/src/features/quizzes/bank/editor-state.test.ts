import type { ItemBody, ItemKey } from '@academy/contract/quizzes/items';
import { describe, expect, it } from 'vitest';
import {
  blankDraft,
  blankParts,
  bodyAndKey,
  type Draft,
  draftProblems,
  gapIdsOf,
  partsOf,
  saveRequestOf,
} from './editor-state';
import { formatOf } from './use-question-text';

const draft = (parts: Draft['parts'], prompt = 'Choose.'): Draft => ({
  ...blankDraft(),
  prompt,
  parts,
});

describe('the item editor', () => {
  it('reads a saved item and writes the same body and key back', () => {
    const items: [ItemBody, ItemKey][] = [
      [
        {
          type: 'choice',
          multiple: true,
          options: [
            { id: 'a', text: 'go' },
            { id: 'b', text: 'went' },
            { id: 'c', text: 'gone' },
          ],
        },
        { type: 'choice', credit: { a: 50, b: 50, c: -50 }, feedback: { c: 'A participle.' } },
      ],
      [
        {
          type: 'gaps',
          text: 'She {g1} home and {g2} tea.',
          gaps: [{ id: 'g1' }, { id: 'g2', choices: ['made', 'did'] }],
        },
        { type: 'gaps', gaps: { g1: ['went', 'walked'], g2: ['made'] }, typo: 'half' },
      ],
      [
        {
          type: 'matching',
          prompts: [
            { id: 'p1', text: 'cat' },
            { id: 'p2', text: 'dog' },
          ],
          answers: [
            { id: 'a1', text: 'animal' },
            { id: 'a2', text: 'plant' },
          ],
        },
        { type: 'matching', pairs: { p1: 'a1', p2: 'a1' } },
      ],
      [
        {
          type: 'ordering',
          unit: 'words',
          pieces: [
            { id: 'o1', text: 'I' },
            { id: 'o2', text: 'am' },
            { id: 'o3', text: 'here' },
          ],
        },
        { type: 'ordering', order: ['o1', 'o2', 'o3'] },
      ],
    ];
    for (const [body, key] of items) {
      const back = bodyAndKey(partsOf(body, key));
      expect(back.body).toEqual(body);
      expect(back.key).toEqual(key);
    }
  });

  it('keeps a kind it cannot edit as it is', () => {
    const body: ItemBody = { type: 'numerical' };
    const key: ItemKey = {
      type: 'numerical',
      accepted: [{ value: 3, tolerance: 0, percent: 100 }],
    };
    expect(partsOf(body, key)).toEqual({ type: 'kept', body, key });
  });

  it('names the gaps a text marks, once each, in order', () => {
    expect(gapIdsOf('{g2} and {g1}, then {g2} again')).toEqual(['g2', 'g1']);
  });

  it("says the key's problems as the teacher types", () => {
    const choice = blankParts('choice');
    if (choice.type !== 'choice') throw new Error('a choice item');
    const noRight = { ...choice, options: choice.options.map((o) => ({ ...o, credit: '0' })) };
    expect(draftProblems(draft(noRight))).toContain('One option must be worth 100 %.');
    expect(draftProblems(draft(blankParts('gaps')))).toContain(
      'Mark at least one gap in the text, as {g1}.',
    );
  });

  it("names, when saving, what the server's checks would refuse", () => {
    const typed = draft(blankParts('choice'), '');
    const problems = draftProblems({ ...typed, points: 'ten' }, true);
    expect(problems).toContain('Points must be a whole number from 1 to 100.');
    expect(problems).toContain('Please write the prompt.');
    expect(problems).toContain('Every option needs its text.');
    const gaps = { type: 'gaps' as const, text: 'I {g1} here.', typo: 'none' as const, gaps: {} };
    expect(draftProblems(draft(gaps), true)).toContain('The gap {g1} needs its accepted answer.');
  });

  it('saves a short answer whole, with its tags', () => {
    const parts = {
      type: 'short' as const,
      typo: 'half' as const,
      accepted: [{ text: ' went ', percent: '100', feedback: '' }],
    };
    const request = saveRequestOf(
      { ...draft(parts, 'Past of go?'), level: 'A2', unit: ' Unit 3 ' },
      7,
    );
    expect(request).toMatchObject({
      item_id: 7,
      level: 'A2',
      skill: null,
      unit: 'Unit 3',
      version: {
        points: 1,
        key: { type: 'short', typo: 'half', accepted: [{ text: 'went', percent: 100 }] },
      },
    });
    expect(draftProblems(draft(parts, 'Past of go?'), true)).toEqual([]);
  });
});

describe('a chosen file', () => {
  it('is read as GIFT unless it looks like Aiken', () => {
    expect(formatOf('week3.gift', 'ANSWER: B')).toBe('gift');
    expect(formatOf('quiz.txt', 'Which?\nA. one\nB. two\nANSWER: B\n')).toBe('aiken');
    expect(formatOf('quiz.txt', '::Q1:: Which? {=one ~two}')).toBe('gift');
  });
});
