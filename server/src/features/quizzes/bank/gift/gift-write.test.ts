import { ITEM_LIMITS, ItemVersion } from '@academy/contract/quizzes/items';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAP_INSTRUCTIONS } from './gift-parse.js';
import { normaliseLines } from './gift-text.js';
import { type GiftItem, parseQuestions, writeGift } from './question-text.js';

const choice: ItemVersion = {
  prompt: 'Who wrote Hamlet?',
  body: {
    type: 'choice',
    multiple: false,
    options: [
      { id: 'a', text: 'Shakespeare' },
      { id: 'b', text: 'Marlowe' },
      { id: 'c', text: 'Bacon' },
    ],
  },
  key: { type: 'choice', credit: { a: 100, b: 0, c: 50 }, feedback: { b: 'No: he died in 1593.' } },
  points: 2,
  general_feedback: 'Hamlet was written around 1600.',
};

describe('writeGift', () => {
  it('writes each kind GIFT can say, under its category, with our settings in comments', () => {
    const text = writeGift([
      { title: 'Hamlet', category: 'B1/Reading', version: choice },
      {
        category: 'B1/Reading',
        version: {
          prompt: 'London is in France.',
          body: { type: 'true_false' },
          key: { type: 'true_false', answer: false, feedback_true: 'It is in England.' },
          points: 1,
        },
      },
      {
        category: null,
        version: {
          prompt: GAP_INSTRUCTIONS.chosen,
          body: {
            type: 'gaps',
            text: 'She {g1} home yesterday.',
            gaps: [{ id: 'g1', choices: ['go', 'went', 'gone'] }],
          },
          key: { type: 'gaps', gaps: { g1: ['went'] }, typo: 'none' },
          points: 1,
        },
      },
    ]);
    // The item without a category comes first: GIFT cannot go back to none.
    expect(text).toBe(
      [
        'She {~go =went ~gone} home yesterday.',
        '',
        '$CATEGORY: B1/Reading',
        '',
        '// academy-points: 2',
        '::Hamlet::Who wrote Hamlet? {',
        '\t=Shakespeare',
        '\t~Marlowe#No\\: he died in 1593.',
        '\t~%50%Bacon',
        '\t####Hamlet was written around 1600.',
        '}',
        '',
        'London is in France. {FALSE#It is in England.}',
        '',
      ].join('\n'),
    );
  });

  it('writes numbers, short answers and matching', () => {
    const text = writeGift([
      {
        version: {
          prompt: 'How many legs has a spider?',
          body: { type: 'numerical' },
          key: {
            type: 'numerical',
            accepted: [
              { value: 8, tolerance: 0, percent: 100 },
              { value: 8, tolerance: 2, percent: 50, feedback: 'Close.' },
            ],
          },
          points: 1,
        },
      },
      {
        version: {
          prompt: 'Capital of Peru?',
          body: { type: 'short' },
          key: {
            type: 'short',
            typo: 'half',
            accepted: [
              { text: 'Lima', percent: 100 },
              { text: 'Lima city', percent: 50 },
            ],
          },
          points: 1,
        },
      },
      {
        version: {
          prompt: 'Match.',
          body: {
            type: 'matching',
            prompts: [
              { id: 'p1', text: 'cat' },
              { id: 'p2', text: 'rose' },
            ],
            answers: [
              { id: 'x', text: 'animal' },
              { id: 'y', text: 'plant' },
              { id: 'z', text: 'mineral' },
            ],
          },
          key: { type: 'matching', pairs: { p1: 'x', p2: 'y' } },
          points: 1,
        },
      },
    ]);
    expect(text).toContain('How many legs has a spider? {#\n\t=8:0\n\t=%50%8:2#Close.\n}');
    expect(text).toContain(
      '// academy-typo: half\nCapital of Peru? {\n\t=Lima\n\t=%50%Lima city\n}',
    );
    expect(text).toContain('Match. {\n\t=cat -> animal\n\t=rose -> plant\n\t= -> mineral\n}');
  });

  it('leaves out, in a comment, what GIFT cannot say', () => {
    const text = writeGift([
      {
        title: 'Word order',
        version: {
          prompt: 'Put the words in order.',
          body: {
            type: 'ordering',
            unit: 'words',
            pieces: [
              { id: 'a', text: 'I' },
              { id: 'b', text: 'am' },
            ],
          },
          key: { type: 'ordering', order: ['a', 'b'] },
          points: 1,
        },
      },
      {
        version: {
          prompt: 'Fill the gaps.',
          body: { type: 'gaps', text: 'I {g1} a {g2}.', gaps: [{ id: 'g1' }, { id: 'g2' }] },
          key: { type: 'gaps', gaps: { g1: ['am'], g2: ['student'] }, typo: 'none' },
          points: 1,
        },
      },
      {
        version: {
          prompt: 'Say hello.',
          body: { type: 'spoken', max_seconds: 30 },
          key: { type: 'spoken' },
          points: 1,
        },
      },
      {
        version: {
          prompt: 'Write what you hear.',
          body: { type: 'dictation' },
          key: { type: 'dictation', text: 'Hello there.' },
          points: 1,
        },
      },
      {
        version: {
          prompt: 'Arrows.',
          body: { type: 'short' },
          key: { type: 'short', typo: 'none', accepted: [{ text: 'a -> b', percent: 100 }] },
          points: 1,
        },
      },
    ]);
    expect(text.split('\n').filter(Boolean)).toEqual([
      '// Left out: “Word order” (Ordering): GIFT has no ordering questions.',
      '// Left out: “Fill the gaps.” (Gap fill): GIFT holds one gap per question, and this gap fill has several.',
      '// Left out: “Say hello.” (Spoken answer): GIFT has no spoken answer questions.',
      '// Left out: “Write what you hear.” (Dictation): GIFT has no dictation questions.',
      '// Left out: “Arrows.” (Short answer): An accepted answer holds “->”, which GIFT reads as matching.',
    ]);
    // What is left out is refused by nothing and imports as nothing.
    expect(parseQuestions(text, 'gift')).toEqual({ questions: [], refused: [] });
  });
});

// ---------------------------------------------------------------------------------------------
// parseQuestions(writeGift(x)) gives back x.

/** Characters that matter to GIFT (control characters, markers, HTML) among ordinary ones. */
const CHARS = [...'aeiou AEIOU bcdt 019 .,?!\'"’ ~=#{}:\\ <>&[]%/-_\n\té'];
const words = (max: number, arrows: boolean) =>
  fc
    .array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 24 })
    .map((chars) => normaliseLines(chars.join('')).slice(0, max).trim())
    .filter((text) => text !== '' && (arrows || !text.includes('->')));
const text = words(ITEM_LIMITS.option, true);
const noArrow = words(ITEM_LIMITS.option, false);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const number = fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((v) => v + 0);
const tolerance = fc.double({ min: 0, max: 1e3, noNaN: true }).map((v) => v + 0);
const percent = fc.integer({ min: 1, max: 99 });
const typo = fc.constantFrom('none', 'half', 'full' as const);
const ids = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + i));
const omitUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

const choiceVersion = fc
  .record({
    multiple: fc.boolean(),
    options: fc.uniqueArray(text, { minLength: 2, maxLength: 6 }),
    seed: fc.array(fc.integer({ min: -100, max: 99 }), { minLength: 6, maxLength: 6 }),
    feedback: fc.array(maybe(text), { minLength: 6, maxLength: 6 }),
    rightCount: fc.integer({ min: 1, max: 3 }),
  })
  .map(({ multiple, options, seed, feedback, rightCount }) => {
    const optionIds = ids(options.length);
    const right = Math.min(rightCount, options.length - 1);
    const credit: Record<string, number> = {};
    optionIds.forEach((id, i) => {
      if (multiple) {
        // The right ones share 100; the others take credit away or give none.
        const share = Math.floor(100 / right);
        credit[id] =
          i < right
            ? i === 0
              ? 100 - share * (right - 1)
              : share
            : Math.min(0, seed[i] as number);
      } else {
        credit[id] = i === 0 ? 100 : (seed[i] as number);
      }
    });
    const given = Object.fromEntries(
      optionIds.flatMap((id, i) => (feedback[i] ? [[id, feedback[i]]] : [])),
    );
    return {
      body: {
        type: 'choice',
        multiple,
        options: options.map((t, i) => ({ id: optionIds[i], text: t })),
      },
      key: omitUndefined({
        type: 'choice',
        credit,
        feedback: Object.keys(given).length ? given : undefined,
      }),
    };
  });

const trueFalseVersion = fc
  .record({ answer: fc.boolean(), onTrue: maybe(text), onFalse: maybe(text) })
  .map(({ answer, onTrue, onFalse }) => ({
    body: { type: 'true_false' },
    key: omitUndefined({
      type: 'true_false',
      answer,
      feedback_true: onTrue,
      feedback_false: onFalse,
    }),
  }));

const shortVersion = fc
  .record({
    accepted: fc.array(
      fc.record({ text: noArrow, percent, feedback: maybe(noArrow) }).map(omitUndefined),
      { minLength: 1, maxLength: 4 },
    ),
    typo,
  })
  .map(({ accepted, typo }) => ({
    body: { type: 'short' },
    key: {
      type: 'short',
      typo,
      accepted: accepted.map((a, i) => (i === 0 ? { ...a, percent: 100 } : a)),
    },
  }));

const numericalVersion = fc
  .array(
    fc.record({ value: number, tolerance, percent, feedback: maybe(text) }).map(omitUndefined),
    {
      minLength: 1,
      maxLength: 3,
    },
  )
  .map((accepted) => ({
    body: { type: 'numerical' },
    key: {
      type: 'numerical',
      accepted: accepted.map((a, i) => (i === 0 ? { ...a, percent: 100 } : a)),
    },
  }));

const matchingVersion = fc
  .record({
    prompts: fc.array(noArrow, { minLength: 2, maxLength: 5 }),
    answers: fc.uniqueArray(text, { minLength: 7, maxLength: 8 }),
    distractors: fc.integer({ min: 0, max: 2 }),
  })
  .map(({ prompts, answers, distractors }) => {
    const used = answers.slice(0, prompts.length + distractors);
    return {
      body: {
        type: 'matching',
        prompts: prompts.map((t, i) => ({ id: `p${i + 1}`, text: t })),
        answers: used.map((t, i) => ({ id: `m${i + 1}`, text: t })),
      },
      key: {
        type: 'matching',
        pairs: Object.fromEntries(prompts.map((_, i) => [`p${i + 1}`, `m${i + 1}`])),
      },
    };
  });

const gapVersion = fc
  .record({
    before: fc.option(noArrow, { nil: '' }),
    after: fc.option(noArrow, { nil: '' }),
    space: fc.boolean(),
    chosen: fc.boolean(),
    words: fc.uniqueArray(noArrow, { minLength: 2, maxLength: 5 }),
    rightCount: fc.integer({ min: 1, max: 4 }),
    instruction: maybe(words(200, true)),
    typo,
  })
  .map(({ before, after, space, chosen, words: said, rightCount, instruction, typo }) => {
    const gap = space ? ' {g1} ' : '{g1}';
    const text = normaliseLines(`${before}${gap}${after}`);
    const right = said.slice(0, Math.min(rightCount, said.length - 1));
    return {
      prompt: instruction ?? (chosen ? GAP_INSTRUCTIONS.chosen : GAP_INSTRUCTIONS.typed),
      body: {
        type: 'gaps',
        text,
        gaps: [chosen ? { id: 'g1', choices: said } : { id: 'g1' }],
      },
      key: { type: 'gaps', gaps: { g1: chosen ? right : said }, typo },
    };
  })
  .filter(({ body }) => body.text.indexOf('{g1}') === body.text.lastIndexOf('{g1}'));

const version = fc
  .record({
    prompt: words(ITEM_LIMITS.prompt, true),
    points: fc.integer({ min: 1, max: 100 }),
    general_feedback: maybe(text),
    parts: fc.oneof(
      choiceVersion,
      trueFalseVersion,
      shortVersion,
      numericalVersion,
      matchingVersion,
      gapVersion,
    ),
  })
  .map(({ prompt, points, general_feedback, parts }) =>
    omitUndefined({ prompt, points, general_feedback, ...parts }),
  )
  // Only items the bank itself would keep.
  .filter((candidate) => ItemVersion.safeParse(candidate).success) as fc.Arbitrary<ItemVersion>;

const item: fc.Arbitrary<GiftItem> = fc.record({
  title: fc.option(
    words(80, true).map((t) => t.replace(/\s+/g, ' ')),
    { nil: null },
  ),
  category: fc.constantFrom(null, 'B1/Grammar', 'Unit 3', 'A2/Vocabulary/Food and drink'),
  version,
});

it('parseQuestions(writeGift(items)) gives the items back', () => {
  fc.assert(
    fc.property(fc.array(item, { minLength: 1, maxLength: 6 }), (items) => {
      const written = writeGift(items);
      const read = parseQuestions(written, 'gift');
      expect(read.refused).toEqual([]);
      // Grouped by category, those without one first, each group in its own order.
      const order = [null, ...new Set(items.map((i) => i.category).filter((c) => c !== null))];
      const grouped = order.flatMap((category) => items.filter((i) => i.category === category));
      expect(
        read.questions.map((q) => ({ title: q.title, category: q.category, version: q.version })),
      ).toEqual(grouped);
    }),
    { numRuns: 1000 },
  );
});
