import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_THRESHOLDS,
  type AnalysedAttempt,
  analyseItems,
  quizStatistics,
} from './analysis.js';

type Answer = { credit: number; chosen?: string[]; seconds: number };
const attempt = (score: number, answers: Record<number, Answer>): AnalysedAttempt => ({
  score,
  answers: new Map(Object.entries(answers).map(([id, a]) => [Number(id), a])),
});

/**
 * Twelve students, scores 0.05 … 0.6 … 0.95. Item 1 is known by the strong (the top four right,
 * the bottom four wrong); item 2 the other way round (a wrong key); item 3 everyone knows;
 * item 4 nobody, and most chose the same wrong option.
 */
const scores = [0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95];
const crafted = scores.map((score, i) =>
  attempt(score, {
    1: { credit: i >= 8 ? 1 : i < 4 ? 0 : 0.5, chosen: [i < 4 ? 'b' : 'a'], seconds: 10 + i },
    2: { credit: i < 4 ? 1 : 0, chosen: [i < 4 ? 'a' : 'c'], seconds: 0 },
    3: { credit: 1, chosen: ['a'], seconds: 20 },
    4: {
      credit: i === 11 ? 1 : 0,
      chosen: [i === 11 ? 'a' : i % 3 === 0 ? 'd' : 'b'],
      seconds: 30,
    },
  }),
);

describe('analyseItems', () => {
  const analysis = analyseItems(crafted);

  it('gives facility as the mean credit', () => {
    expect(analysis.get(1)?.facility).toBeCloseTo((4 + 0.5 * 4) / 12, 10);
    expect(analysis.get(3)?.facility).toBe(1);
    expect(analysis.get(1)?.answered).toBe(12);
  });

  it('gives discrimination as the top third’s facility minus the bottom third’s', () => {
    expect(analysis.get(1)?.discrimination).toBe(1);
    expect(analysis.get(2)?.discrimination).toBe(-1);
    expect(analysis.get(3)?.discrimination).toBe(0);
    expect(analysis.get(4)?.discrimination).toBeCloseTo(0.25, 10);
  });

  it('finds the most-chosen wrong answer, never one that earned full credit', () => {
    expect(analysis.get(4)).toMatchObject({ commonWrong: 'b', commonWrongCount: 7 });
    expect(analysis.get(1)?.commonWrong).toBe('b');
    expect(analysis.get(3)).toMatchObject({ commonWrong: null, commonWrongCount: 0 });
  });

  it('gives the median time, leaving unknown times out', () => {
    expect(analysis.get(1)?.medianSeconds).toBe(15.5);
    expect(analysis.get(2)?.medianSeconds).toBeNull();
    expect(analysis.get(3)?.medianSeconds).toBe(20);
  });

  it('flags a wrong key, an item everyone knows and one nobody does, in words', () => {
    expect(analysis.get(1)?.dubious).toEqual([]);
    expect(analysis.get(2)?.dubious).toEqual([
      'Students with low marks did better on it than students with high marks: check the key.',
      'A wrong answer was chosen more often than the right one: check the key.',
    ]);
    expect(analysis.get(3)?.dubious).toEqual([
      'Almost everyone got it right (100 %): it tells you little.',
    ]);
    expect(analysis.get(4)?.dubious).toEqual([
      'Only 8 % got it right: check the key and the wording.',
      'A wrong answer was chosen more often than the right one: check the key.',
    ]);
  });

  it('says nothing of discrimination under 6 attempts, and flags nothing under 10', () => {
    const few = analyseItems(crafted.slice(0, 5));
    expect(few.get(1)?.discrimination).toBeNull();
    const nine = analyseItems(crafted.slice(0, 9));
    expect(nine.get(2)?.discrimination).not.toBeNull();
    expect(nine.get(2)?.dubious).toEqual([]);
    expect(ANALYSIS_THRESHOLDS.minForFlags).toBe(10);
  });

  it('ranks only the attempts that drew an item (a random draw)', () => {
    // Item 9 drawn by six of the twelve: the two strongest of them right, the two weakest wrong.
    const drawn = crafted.map((a, i) => {
      if (i % 2 === 1) return a;
      const answers = new Map(a.answers);
      answers.set(9, { credit: i >= 8 ? 1 : i <= 2 ? 0 : 0.5, seconds: 5 });
      return { score: a.score, answers };
    });
    expect(analyseItems(drawn).get(9)).toMatchObject({ answered: 6, discrimination: 1 });
  });

  it('analyses 2,000 attempts × 40 items well under 500 ms', () => {
    const attempts: AnalysedAttempt[] = [];
    for (let s = 0; s < 2000; s++) {
      const answers = new Map<number, Answer>();
      for (let item = 0; item < 40; item++) {
        const credit = ((s * 7919 + item * 104_729) % 100) / 100 > 0.4 ? 1 : 0;
        answers.set(item, {
          credit,
          chosen: [credit ? 'a' : ('bcd'[item % 3] ?? 'b')],
          seconds: (s + item) % 90,
        });
      }
      attempts.push({ score: (s % 101) / 100, answers });
    }
    // How fast is bench's to say (no times in tests); here: every item of every attempt counted.
    const result = analyseItems(attempts);
    expect(result.size).toBe(40);
    expect(result.get(0)?.answered).toBe(2000);
  });
});

describe('quizStatistics', () => {
  it('gives the count, mean, median and the distribution in tenths', () => {
    expect(quizStatistics([0.3, 0.7, 0.7, 1, 0.05])).toEqual({
      count: 5,
      mean: (0.3 + 0.7 + 0.7 + 1 + 0.05) / 5,
      median: 0.7,
      distribution: [1, 0, 0, 1, 0, 0, 0, 2, 0, 1],
    });
  });

  it('puts a mark on a boundary in the band above, and 100 % in the last', () => {
    expect(quizStatistics([0.57, 0.6, 0.999, 1], 10).distribution).toEqual([
      0, 0, 0, 0, 0, 1, 1, 0, 0, 2,
    ]);
    expect(quizStatistics([0.25, 0.5, 0.75], 4).distribution).toEqual([0, 1, 1, 1]);
  });

  it('has no mean or median with no marks', () => {
    expect(quizStatistics([], 5)).toEqual({
      count: 0,
      mean: null,
      median: null,
      distribution: [0, 0, 0, 0, 0],
    });
  });

  it('gives the median of an even count as the mean of the middle two', () => {
    expect(quizStatistics([0.2, 0.4, 0.6, 0.8]).median).toBeCloseTo(0.5, 10);
  });
});
