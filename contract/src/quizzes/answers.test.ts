import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareTyped,
  creditOfTyped,
  MIN_TYPO_LENGTH,
  normaliseAnswer,
  oneTypoApart,
} from './answers.js';

describe('normaliseAnswer', () => {
  it('does not count case, spaces or final punctuation: "Colour" is "colour."', () => {
    expect(normaliseAnswer('Colour')).toBe(normaliseAnswer('colour.'));
    expect(normaliseAnswer('  The   Big  house !  ')).toBe('the big house');
    expect(normaliseAnswer('Really?!…')).toBe('really');
  });

  it('reads curly and straight quotes and apostrophes alike: "don’t" is "don\'t"', () => {
    expect(normaliseAnswer('don’t')).toBe("don't");
    expect(normaliseAnswer('“Yes”')).toBe('"yes"');
    expect(normaliseAnswer('it`s')).toBe("it's");
  });

  it('keeps punctuation inside an answer and at its start', () => {
    expect(normaliseAnswer('well, yes')).toBe('well, yes');
    expect(normaliseAnswer('...and then')).toBe('...and then');
  });

  it('folds case without the phone’s locale, and reads full-width letters and NBSP as plain', () => {
    expect(normaliseAnswer('IRIS')).toBe('iris');
    expect(normaliseAnswer('Ｈｅｌｌｏ\u00a0world')).toBe('hello world');
    expect(normaliseAnswer('cafe\u0301')).toBe(normaliseAnswer('café'));
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (text) => {
        const once = normaliseAnswer(text);
        expect(normaliseAnswer(once)).toBe(once);
      }),
    );
  });
});

describe('oneTypoApart', () => {
  it('forgives two neighbours swapped: "recieve" for "receive"', () => {
    expect(oneTypoApart('recieve', 'receive')).toBe(true);
  });

  it('forgives one letter added, missing or changed', () => {
    expect(oneTypoApart('beautifull', 'beautiful')).toBe(true);
    expect(oneTypoApart('beautful', 'beautiful')).toBe(true);
    expect(oneTypoApart('beautiful', 'beautifal')).toBe(true);
    expect(oneTypoApart('alot', 'a lot')).toBe(true);
  });

  it('does not forgive a typo in a word shorter than the minimum: "cat" / "cut", "went" / "want"', () => {
    expect(MIN_TYPO_LENGTH).toBe(5);
    expect(oneTypoApart('cut', 'cat')).toBe(false);
    expect(oneTypoApart('want', 'went')).toBe(false);
    expect(oneTypoApart('dont', "don't")).toBe(true);
  });

  it('is not true of the same answer, of two typos, or of a changed digit', () => {
    expect(oneTypoApart('receive', 'Receive.')).toBe(false);
    expect(oneTypoApart('recieev', 'receive')).toBe(false);
    expect(oneTypoApart('1990s', '1991s')).toBe(false);
    expect(oneTypoApart('in 1990', 'in 199')).toBe(false);
  });

  it('holds for any single edit of a long enough word', () => {
    const word = fc.string({ unit: fc.constantFrom(...'abcdefgh'), minLength: 5, maxLength: 12 });
    fc.assert(
      fc.property(word, fc.nat(), fc.constantFrom(...'xyz'), (w, n, letter) => {
        const at = n % w.length;
        expect(oneTypoApart(w.slice(0, at) + w.slice(at + 1), w)).toBe(true); // missing
        expect(oneTypoApart(w.slice(0, at) + letter + w.slice(at), w)).toBe(true); // added
        expect(oneTypoApart(w.slice(0, at) + letter + w.slice(at + 1), w)).toBe(true); // changed
      }),
    );
  });
});

describe('compareTyped', () => {
  it('says right, typo or wrong', () => {
    expect(compareTyped('Colour', 'colour.')).toBe('right');
    expect(compareTyped('don’t', "don't")).toBe('right');
    expect(compareTyped('dont', "don't")).toBe('typo');
    expect(compareTyped('recieve', 'receive')).toBe('typo');
    expect(compareTyped('cut', 'cat')).toBe('wrong');
    expect(compareTyped('   ', 'cat')).toBe('wrong');
  });
});

describe('creditOfTyped', () => {
  const accepted = [
    { text: 'receive', percent: 100 },
    { text: 'get', percent: 50 },
  ];

  it('gives the accepted answer’s credit, and says which one matched', () => {
    expect(creditOfTyped('Receive.', accepted, 'none')).toEqual({
      percent: 100,
      matched: 0,
      verdict: 'right',
    });
    expect(creditOfTyped('get', accepted, 'none')).toEqual({
      percent: 50,
      matched: 1,
      verdict: 'right',
    });
    expect(creditOfTyped('take', accepted, 'full')).toEqual({
      percent: 0,
      matched: null,
      verdict: 'wrong',
    });
  });

  it('gives a typo nothing, half or all, as the item’s rule says', () => {
    expect(creditOfTyped('recieve', accepted, 'none')).toEqual({
      percent: 0,
      matched: 0,
      verdict: 'typo',
    });
    expect(creditOfTyped('recieve', accepted, 'half').percent).toBe(50);
    expect(creditOfTyped('recieve', accepted, 'full').percent).toBe(100);
  });

  it('halves exactly, to one decimal: a 75 % answer with a typo earns 37.5', () => {
    expect(creditOfTyped('recieve', [{ text: 'receive', percent: 75 }], 'half').percent).toBe(37.5);
  });

  it('prefers the most credit, then a right answer over a typo', () => {
    const list = [
      { text: 'travelled', percent: 100 },
      { text: 'traveled', percent: 100 },
    ];
    // "traveled" is a typo of the first and right for the second: right wins.
    expect(creditOfTyped('traveled', list, 'half')).toEqual({
      percent: 100,
      matched: 1,
      verdict: 'right',
    });
    const halfRight = [
      { text: 'colours', percent: 50 },
      { text: 'colour', percent: 100 },
    ];
    // right for a 50 % answer, a typo of the 100 % one: with 'full' the typo earns more.
    expect(creditOfTyped('colours', halfRight, 'full')).toEqual({
      percent: 100,
      matched: 1,
      verdict: 'typo',
    });
  });

  it('never exceeds the best accepted answer, nor goes below 0', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }),
        fc.array(
          fc.record({
            text: fc.string({ minLength: 1, maxLength: 12 }),
            percent: fc.integer({ min: 1, max: 100 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.constantFrom('none', 'half', 'full') as fc.Arbitrary<'none' | 'half' | 'full'>,
        (given, list, typo) => {
          const { percent } = creditOfTyped(given, list, typo);
          expect(percent).toBeGreaterThanOrEqual(0);
          expect(percent).toBeLessThanOrEqual(Math.max(...list.map((a) => a.percent)));
          expect(Math.round(percent * 100)).toBeCloseTo(percent * 100, 9);
        },
      ),
    );
  });
});
