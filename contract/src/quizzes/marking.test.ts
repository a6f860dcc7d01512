import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ItemBody, ItemKey, ItemResponse } from './items.js';
import { ItemVersion } from './items.js';
import {
  cardFront,
  dictationWords,
  markResponse,
  readNumber,
  responseText,
  rightAnswerText,
} from './marking.js';

const item = (body: ItemBody, key: ItemKey, points = 1) => {
  // Every item here is one the bank would save.
  ItemVersion.parse({ prompt: 'Answer.', body, key, points });
  return { body, key, points };
};

const oneAnswer = item(
  {
    type: 'choice',
    multiple: false,
    options: [
      { id: 'a', text: 'has lived' },
      { id: 'b', text: 'lives' },
      { id: 'c', text: 'is living' },
    ],
  },
  { type: 'choice', credit: { a: 100, c: 50 } },
  2,
);

const severalAnswers = item(
  {
    type: 'choice',
    multiple: true,
    options: [
      { id: 'a', text: 'apple' },
      { id: 'b', text: 'pear' },
      { id: 'c', text: 'carrot' },
      { id: 'd', text: 'onion' },
    ],
  },
  { type: 'choice', credit: { a: 50, b: 50, c: -50, d: -50 } },
);

describe('choice', () => {
  it('gives the chosen option’s credit, in hundredths of the item’s points', () => {
    expect(markResponse(oneAnswer, { type: 'choice', chosen: ['a'] })).toEqual({
      hundredths: 200,
      outcome: 'right',
      parts: { a: true },
    });
    expect(markResponse(oneAnswer, { type: 'choice', chosen: ['c'] })).toMatchObject({
      hundredths: 100,
      outcome: 'partial',
    });
    expect(markResponse(oneAnswer, { type: 'choice', chosen: ['b'] })).toMatchObject({
      hundredths: 0,
      outcome: 'wrong',
      parts: { b: false },
    });
  });

  it('gives nothing for several options in a one-answer item', () => {
    expect(markResponse(oneAnswer, { type: 'choice', chosen: ['a', 'b'] })).toMatchObject({
      hundredths: 0,
      outcome: 'wrong',
    });
  });

  it('takes credit away for a wrong pick in a several-answer item, never below 0', () => {
    const mark = (chosen: string[]) =>
      markResponse(severalAnswers, { type: 'choice', chosen }).hundredths;
    expect(mark(['a', 'b'])).toBe(100);
    expect(mark(['a'])).toBe(50);
    expect(mark(['a', 'b', 'c'])).toBe(50);
    expect(mark(['a', 'c'])).toBe(0);
    expect(mark(['a', 'b', 'c', 'd'])).toBe(0);
    expect(mark(['c', 'd'])).toBe(0);
    expect(mark(['a', 'a', 'a'])).toBe(50); // a repeated id counts once
    expect(mark(['a', 'zz'])).toBe(50); // an id the item lacks counts for nothing
  });

  it('does not reward ticking every box when the key leaves wrong options at 0 %', () => {
    const threeRight = item(
      {
        type: 'choice',
        multiple: true,
        options: ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, text: id })),
      },
      // As GIFT writes it without weights on the wrong answers: 33 + 33 + 34.
      { type: 'choice', credit: { a: 33, b: 33, c: 34 } },
    );
    const mark = (chosen: string[]) =>
      markResponse(threeRight, { type: 'choice', chosen }).hundredths;
    expect(mark(['a', 'b', 'c'])).toBe(100);
    expect(mark(['a', 'b', 'c', 'd', 'e'])).toBe(33); // 100 − two shares of 33.33…
    expect(mark(['a', 'd'])).toBe(0);
    expect(mark(['a', 'b', 'd'])).toBe(33);
  });
});

describe('true or false', () => {
  const tf = item({ type: 'true_false' }, { type: 'true_false', answer: false }, 3);
  it('is all or nothing', () => {
    expect(markResponse(tf, { type: 'true_false', answer: false })).toEqual({
      hundredths: 300,
      outcome: 'right',
    });
    expect(markResponse(tf, { type: 'true_false', answer: true })).toEqual({
      hundredths: 0,
      outcome: 'wrong',
    });
  });
});

describe('short answer', () => {
  const short = (typo: 'none' | 'half' | 'full') =>
    item(
      { type: 'short' },
      {
        type: 'short',
        accepted: [
          { text: 'receive', percent: 100 },
          { text: 'get', percent: 50 },
        ],
        typo,
      },
    );

  it('compares fairly and gives the typo’s credit the item allows', () => {
    expect(markResponse(short('none'), { type: 'short', text: ' Receive. ' }).outcome).toBe(
      'right',
    );
    expect(markResponse(short('none'), { type: 'short', text: 'recieve' })).toEqual({
      hundredths: 0,
      outcome: 'wrong',
    });
    expect(markResponse(short('half'), { type: 'short', text: 'recieve' })).toEqual({
      hundredths: 50,
      outcome: 'partial',
    });
    expect(markResponse(short('full'), { type: 'short', text: 'recieve' }).outcome).toBe('right');
    expect(markResponse(short('none'), { type: 'short', text: 'Get' })).toEqual({
      hundredths: 50,
      outcome: 'partial',
    });
  });

  it('rounds half up once at .005: a 75 % answer halved by a typo on a 1-point item is 37.5 → 38', () => {
    const only75 = item(
      { type: 'short' },
      {
        type: 'short',
        accepted: [
          { text: 'colour', percent: 100 },
          { text: 'received', percent: 75 },
        ],
        typo: 'half',
      },
    );
    expect(markResponse(only75, { type: 'short', text: 'recieved' }).hundredths).toBe(38);
  });
});

describe('numerical', () => {
  const num = item(
    { type: 'numerical' },
    {
      type: 'numerical',
      accepted: [
        { value: 3.5, tolerance: 0.1, percent: 100 },
        { value: 1000, tolerance: 0, percent: 100 },
      ],
    },
  );
  const mark = (text: string) => markResponse(num, { type: 'numerical', text }).hundredths;

  it('reads a decimal comma or point, and accepts within tolerance (3.6 is within 0.1 of 3.5)', () => {
    expect(mark('3,5')).toBe(100);
    expect(mark('3.5')).toBe(100);
    expect(mark('3.6')).toBe(100);
    expect(mark('3.4')).toBe(100);
    expect(mark('3.61')).toBe(0);
    expect(mark('1 000')).toBe(100);
    expect(mark('1,000')).toBe(100);
    expect(mark('three')).toBe(0);
  });

  it('reads numbers as students type them', () => {
    expect(readNumber('3,5')).toEqual([3.5]);
    expect(readNumber('−2')).toEqual([-2]);
    expect(readNumber('.5')).toEqual([0.5]);
    expect(readNumber('1,000')).toEqual([1, 1000]);
    expect(readNumber('1,000.25')).toEqual([1000.25]);
    expect(readNumber('1e5')).toEqual([]);
    expect(readNumber('3,5,1')).toEqual([]);
  });
});

const gaps = (typo: 'none' | 'half' | 'full' = 'none') =>
  item(
    {
      type: 'gaps',
      text: 'Yesterday I {g1} to the cinema. My sister {g2} with me.',
      gaps: [{ id: 'g1' }, { id: 'g2', choices: ['come', 'came', 'comes'] }],
    },
    { type: 'gaps', gaps: { g1: ['went'], g2: ['came'] }, typo },
    2,
  );

describe('gap fill', () => {
  it('gives the mean of the gaps: two gaps, one right → 50 %', () => {
    expect(markResponse(gaps(), { type: 'gaps', gaps: { g1: 'went', g2: 'come' } })).toEqual({
      hundredths: 100,
      outcome: 'partial',
      parts: { g1: true, g2: false },
    });
    expect(markResponse(gaps(), { type: 'gaps', gaps: { g1: 'Went.', g2: 'came' } })).toMatchObject(
      {
        hundredths: 200,
        outcome: 'right',
      },
    );
  });

  it('counts a gap left empty as wrong, and all empty as unanswered', () => {
    expect(markResponse(gaps(), { type: 'gaps', gaps: { g2: 'came' } }).hundredths).toBe(100);
    expect(markResponse(gaps(), { type: 'gaps', gaps: { g1: ' ', g2: '' } })).toEqual({
      hundredths: 0,
      outcome: 'unanswered',
    });
  });

  it('wants a chosen gap’s word exactly', () => {
    expect(
      markResponse(gaps('full'), { type: 'gaps', gaps: { g1: 'went', g2: 'Came' } }).hundredths,
    ).toBe(100);
  });

  it('applies the typo rule to typed gaps of long enough words', () => {
    const long = item(
      {
        type: 'gaps',
        text: 'I {g1} your letter. It was {g2}.',
        gaps: [{ id: 'g1' }, { id: 'g2' }],
      },
      { type: 'gaps', gaps: { g1: ['received'], g2: ['lovely', 'nice'] }, typo: 'half' },
    );
    // A typo half (25 %) + right (50 %) of 1 point.
    expect(markResponse(long, { type: 'gaps', gaps: { g1: 'recieved', g2: 'nice' } })).toEqual({
      hundredths: 75,
      outcome: 'partial',
      parts: { g1: false, g2: true },
    });
  });
});

describe('matching', () => {
  const matching = item(
    {
      type: 'matching',
      prompts: [
        { id: 'p1', text: 'reluctant' },
        { id: 'p2', text: 'eager' },
        { id: 'p3', text: 'tired' },
      ],
      answers: [
        { id: 'a1', text: 'unwilling' },
        { id: 'a2', text: 'keen' },
        { id: 'a3', text: 'exhausted' },
        { id: 'a4', text: 'angry' },
      ],
    },
    { type: 'matching', pairs: { p1: 'a1', p2: 'a2', p3: 'a3' } },
    3,
  );

  it('gives the share of prompts matched right; a distractor is wrong', () => {
    expect(
      markResponse(matching, { type: 'matching', pairs: { p1: 'a1', p2: 'a2', p3: 'a4' } }),
    ).toEqual({ hundredths: 200, outcome: 'partial', parts: { p1: true, p2: true, p3: false } });
    expect(
      markResponse(matching, { type: 'matching', pairs: { p1: 'a1', p2: 'a2', p3: 'a3' } }).outcome,
    ).toBe('right');
  });

  it('rounds a third half up once: one of three on a 1-point item is 33 hundredths', () => {
    const onePoint = { ...matching, points: 1 };
    expect(markResponse(onePoint, { type: 'matching', pairs: { p1: 'a1' } }).hundredths).toBe(33);
    expect(
      markResponse(onePoint, { type: 'matching', pairs: { p1: 'a1', p2: 'a2' } }).hundredths,
    ).toBe(67);
  });
});

describe('ordering', () => {
  const words = ['She', 'has', 'never', 'been', 'abroad'];
  const ordering = item(
    {
      type: 'ordering',
      unit: 'words',
      pieces: [...words.map((text, i) => ({ id: `w${i}`, text })), { id: 'w5', text: '.' }],
    },
    { type: 'ordering', order: ['w0', 'w1', 'w2', 'w3', 'w4', 'w5'] },
    1,
  );
  const mark = (order: string[]) => markResponse(ordering, { type: 'ordering', order });

  it('gives all for the right order, nothing for it reversed', () => {
    expect(mark(['w0', 'w1', 'w2', 'w3', 'w4', 'w5']).outcome).toBe('right');
    expect(mark(['w5', 'w4', 'w3', 'w2', 'w1', 'w0']).hundredths).toBe(0);
  });

  it('takes one piece off for one word moved, wherever it went', () => {
    // "She has been never abroad." and "Never she has been abroad.": one piece to move.
    const swapped = mark(['w0', 'w1', 'w3', 'w2', 'w4', 'w5']);
    expect(swapped).toMatchObject({ hundredths: 80, outcome: 'partial' });
    // One of the two swapped words is the one to move; every other piece stays.
    expect(Object.values(swapped.parts ?? {}).filter((right) => !right)).toHaveLength(1);
    expect(swapped.parts?.[2] && swapped.parts[3]).toBe(false);
    expect(mark(['w2', 'w0', 'w1', 'w3', 'w4', 'w5']).hundredths).toBe(80);
  });

  it('counts a piece left out or given twice as one to move', () => {
    expect(mark(['w0', 'w1', 'w2', 'w3', 'w4']).hundredths).toBe(80);
    expect(mark(['w0', 'w0', 'w1', 'w2', 'w3', 'w4', 'w5']).hundredths).toBe(100);
  });

  it('reads the right order as the sentence', () => {
    expect(rightAnswerText(ordering)).toBe('She has never been abroad.');
  });
});

describe('dictation', () => {
  const dictation = item(
    { type: 'dictation' },
    { type: 'dictation', text: 'The weather was lovely, so we went to the beach.' },
  );
  const mark = (text: string) => markResponse(dictation, { type: 'dictation', text });

  it('marks word by word, not punctuation or case', () => {
    expect(mark('the weather was lovely so we went to the beach').outcome).toBe('right');
  });

  it('costs a word for one missing, and a word for one extra', () => {
    // 10 words: one missing → 9 / 10; one extra → 10 / 11.
    expect(mark('The weather was lovely, so we went the beach.').hundredths).toBe(90);
    expect(mark('The weather was very lovely, so we went to the beach.')).toMatchObject({
      hundredths: 91,
      parts: { 3: false, 4: true },
    });
  });

  it('counts a misspelt word wrong', () => {
    expect(mark('The wether was lovely, so we went to the beach.').hundredths).toBe(90);
  });

  it('splits words without their punctuation', () => {
    expect(dictationWords('“Stop!” she said — don’t.')).toEqual(['stop', 'she', 'said', "don't"]);
  });
});

describe('spoken', () => {
  const spoken = item(
    { type: 'spoken', max_seconds: 60 },
    { type: 'spoken', model_answer: 'I live in Madrid.' },
    5,
  );
  it('awaits a teacher once recorded', () => {
    expect(markResponse(spoken, { type: 'spoken', file: 'rec-1.webm' })).toEqual({
      hundredths: null,
      outcome: 'awaiting',
    });
    expect(markResponse(spoken, { type: 'spoken', file: '' })).toEqual({
      hundredths: 0,
      outcome: 'unanswered',
    });
  });
});

describe('any item', () => {
  it('counts no response as unanswered, and one of another kind as wrong', () => {
    expect(markResponse(oneAnswer, null)).toEqual({ hundredths: 0, outcome: 'unanswered' });
    expect(markResponse(oneAnswer, { type: 'choice', chosen: [] }).outcome).toBe('unanswered');
    expect(markResponse(oneAnswer, { type: 'true_false', answer: true })).toEqual({
      hundredths: 0,
      outcome: 'wrong',
    });
  });

  it('never earns less than 0 or more than the item’s points, and only right earns them all', () => {
    const response: fc.Arbitrary<ItemResponse> = fc.oneof(
      fc.record({
        type: fc.constant('choice' as const),
        chosen: fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'x')),
      }),
      fc.record({
        type: fc.constant('gaps' as const),
        gaps: fc.record({
          g1: fc.constantFrom('went', 'wnet', 'go', ''),
          g2: fc.constantFrom('came', 'come', ''),
        }),
      }),
      fc.record({
        type: fc.constant('ordering' as const),
        order: fc.array(fc.constantFrom('w0', 'w1', 'w2', 'w3', 'w4', 'w5', 'w9'), {
          maxLength: 8,
        }),
      }),
    );
    const items = [oneAnswer, severalAnswers, gaps('half')];
    fc.assert(
      fc.property(fc.constantFrom(...items), response, (it, res) => {
        const marked = markResponse(it, res);
        expect(marked.hundredths).not.toBeNull();
        const h = marked.hundredths ?? 0;
        expect(Number.isInteger(h)).toBe(true);
        expect(h).toBeGreaterThanOrEqual(0);
        expect(h).toBeLessThanOrEqual(it.points * 100);
        expect(marked.outcome === 'right').toBe(h === it.points * 100);
      }),
    );
  });
});

describe('the right answer in words and a card’s front', () => {
  it('names the right options', () => {
    expect(rightAnswerText(oneAnswer)).toBe('has lived');
    expect(rightAnswerText(severalAnswers)).toBe('apple; pear');
  });

  it('fills a gap fill’s gaps, or one gap’s sentence', () => {
    expect(rightAnswerText(gaps())).toBe('Yesterday I went to the cinema. My sister came with me.');
    expect(rightAnswerText(gaps(), 'g2')).toBe('My sister came with me.');
  });

  it('puts a gap’s sentence on the card’s front with the gap as ___', () => {
    const g = { prompt: 'Put the verbs in the past simple.', body: gaps().body };
    expect(cardFront(g, 'g1')).toBe('Yesterday I ___ to the cinema.');
    expect(cardFront(g, 'g2')).toBe('My sister ___ with me. (come / came / comes)');
    expect(cardFront(g)).toBe('Yesterday I ___ to the cinema. My sister ___ with me.');
  });

  it('keeps a sentence whole around a decimal point, and shows other gaps in it as …', () => {
    const body: ItemBody = {
      type: 'gaps',
      text: 'It costs 3.5 {g1} and {g2} tax!\nNext line.',
      gaps: [{ id: 'g1' }, { id: 'g2' }],
    };
    expect(cardFront({ prompt: 'Fill in.', body }, 'g1')).toBe('It costs 3.5 ___ and … tax!');
  });

  it('puts the prompt on other cards, and a matching prompt’s words under it', () => {
    expect(cardFront({ prompt: 'Choose.', body: oneAnswer.body })).toBe('Choose.');
    const body: ItemBody = {
      type: 'matching',
      prompts: [
        { id: 'p1', text: 'reluctant' },
        { id: 'p2', text: 'eager' },
      ],
      answers: [
        { id: 'a1', text: 'unwilling' },
        { id: 'a2', text: 'keen' },
      ],
    };
    expect(cardFront({ prompt: 'Match.', body }, 'p2')).toBe('Match.\neager');
    const key: ItemKey = { type: 'matching', pairs: { p1: 'a1', p2: 'a2' } };
    expect(rightAnswerText({ body, key }, 'p2')).toBe('keen');
    expect(rightAnswerText({ body, key })).toBe('reluctant → unwilling; eager → keen');
  });

  it('reads true or false, accepted answers and numbers', () => {
    expect(
      rightAnswerText({ body: { type: 'true_false' }, key: { type: 'true_false', answer: true } }),
    ).toBe('True');
    expect(
      rightAnswerText({
        body: { type: 'short' },
        key: {
          type: 'short',
          accepted: [
            { text: 'colour', percent: 100 },
            { text: 'color', percent: 100 },
            { text: 'hue', percent: 50 },
          ],
          typo: 'none',
        },
      }),
    ).toBe('colour / color');
    expect(
      rightAnswerText({
        body: { type: 'numerical' },
        key: { type: 'numerical', accepted: [{ value: 3.5, tolerance: 0.1, percent: 100 }] },
      }),
    ).toBe('3.5 ± 0.1');
  });
});

describe('the item model (items.ts)', () => {
  it('refuses a gap fill whose text names a gap it does not list', () => {
    const parsed = ItemVersion.safeParse({
      prompt: 'Fill in.',
      body: { type: 'gaps', text: 'I {g1} and {g2}.', gaps: [{ id: 'g1' }] },
      key: { type: 'gaps', gaps: { g1: ['went'] }, typo: 'none' },
      points: 1,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([
      'The text has a gap the item does not list.',
    ]);
  });
});

describe('a response in words', () => {
  it('names the chosen options, the typed text, the filled gaps, the pairs and the order', () => {
    const choice = {
      type: 'choice' as const,
      multiple: true,
      options: [
        { id: 'a', text: 'went' },
        { id: 'b', text: 'gone' },
        { id: 'c', text: 'goes' },
      ],
    };
    expect(responseText(choice, { type: 'choice', chosen: ['c', 'a'] })).toBe('went; goes');
    expect(responseText({ type: 'true_false' }, { type: 'true_false', answer: false })).toBe(
      'False',
    );
    expect(responseText({ type: 'short' }, { type: 'short', text: 'colour' })).toBe('colour');
    const gaps = {
      type: 'gaps' as const,
      text: 'She {g1} to school and {g2} home.',
      gaps: [{ id: 'g1' }, { id: 'g2' }],
    };
    expect(responseText(gaps, { type: 'gaps', gaps: { g1: ' goes ' } })).toBe(
      'She goes to school and … home.',
    );
    expect(responseText(gaps, { type: 'gaps', gaps: { g1: ' ' } })).toBe('');
    const matching = {
      type: 'matching' as const,
      prompts: [
        { id: 'a', text: 'cat' },
        { id: 'b', text: 'dog' },
      ],
      answers: [
        { id: 'x', text: 'meow' },
        { id: 'y', text: 'woof' },
      ],
    };
    expect(responseText(matching, { type: 'matching', pairs: { b: 'y' } })).toBe('dog → woof');
    const ordering = {
      type: 'ordering' as const,
      unit: 'words' as const,
      pieces: [
        { id: 'a', text: 'abroad' },
        { id: 'b', text: 'She' },
        { id: 'c', text: '.' },
      ],
    };
    expect(responseText(ordering, { type: 'ordering', order: ['b', 'a', 'c'] })).toBe(
      'She abroad.',
    );
  });

  it('is empty without an answer, for a spoken one, and for a response of another type', () => {
    expect(responseText({ type: 'short' }, null)).toBe('');
    expect(responseText({ type: 'spoken', max_seconds: 60 }, { type: 'spoken', file: 'f' })).toBe(
      '',
    );
    expect(responseText({ type: 'short' }, { type: 'true_false', answer: true })).toBe('');
  });
});
