import { describe, expect, it } from 'vitest';
import {
  attendancePercent,
  bandsProblem,
  type Component,
  DEFAULT_BANDS,
  DEFAULT_COMPONENTS,
  divideHalfUp,
  meanPercent,
  nextComponentKey,
  outcomeOf,
  percentOf,
  readScore,
  schemeProblem,
  scoreText,
  totalOf,
} from './results.js';

const typed = (key: string, name: string, weight: number, final = false): Component => ({
  key,
  name,
  weight,
  source: 'typed',
  final,
});

describe('weights', () => {
  it('takes the published scheme: 20, 30, 30, 20', () => {
    expect(schemeProblem(DEFAULT_COMPONENTS)).toBeNull();
  });

  it('refuses weights that do not add up to 100, saying what they add up to', () => {
    expect(schemeProblem([typed('k1', 'Midterm', 40), typed('k2', 'Final', 50)])).toBe(
      'The weights must add up to 100; these add up to 90.',
    );
  });

  it('refuses a weight that is not a whole number from 1 to 100', () => {
    for (const weight of [0, 101, 12.5, -5])
      expect(schemeProblem([typed('k1', 'A', weight), typed('k2', 'B', 100 - weight)])).toBe(
        'Each weight must be a whole number from 1 to 100.',
      );
  });

  it('refuses two components of one name, in any case, and nameless ones', () => {
    expect(schemeProblem([typed('k1', 'Final', 50), typed('k2', 'final', 50)])).toBe(
      'Two components are named “final”.',
    );
    expect(schemeProblem([typed('k1', ' ', 100)])).toBe('Please name every component.');
    expect(schemeProblem([])).toBe('A scheme needs at least one component.');
  });

  it('refuses a key twice or a key not of the kN form', () => {
    expect(schemeProblem([typed('k1', 'A', 50), typed('k1', 'B', 50)])).toBe(
      'The components’ keys are not valid.',
    );
    expect(schemeProblem([typed('x', 'A', 100)])).toBe('The components’ keys are not valid.');
  });

  it('gives a new component the key after the highest', () => {
    expect(nextComponentKey(DEFAULT_COMPONENTS)).toBe('k5');
    expect(nextComponentKey([{ key: 'k9' }, { key: 'k2' }, {}])).toBe('k10');
    expect(nextComponentKey([])).toBe('k1');
  });
});

describe('rounding: half up, once, where a figure is made', () => {
  it('rounds a division half up', () => {
    expect(divideHalfUp(5, 2)).toBe(3);
    expect(divideHalfUp(7, 3)).toBe(2);
    expect(divideHalfUp(8, 3)).toBe(3);
    expect(divideHalfUp(0, 7)).toBe(0);
  });

  it('turns a mark into hundredths of a percent exactly', () => {
    expect(percentOf({ hundredths: 4250, out_of: 50 })).toBe(8500);
    expect(percentOf({ hundredths: 100, out_of: 3 })).toBe(3333);
    expect(percentOf({ hundredths: 200, out_of: 3 })).toBe(6667);
    expect(percentOf({ hundredths: 8550, out_of: 100 })).toBe(8550);
  });

  it('takes the mean of marks out of different maxima, each rounded first', () => {
    // 2/3 = 66.67 %, 10/20 = 50 %: mean 58.335 → 58.34.
    expect(
      meanPercent([
        { hundredths: 200, out_of: 3 },
        { hundredths: 1000, out_of: 20 },
      ]),
    ).toBe(5834);
    expect(meanPercent([])).toBeNull();
  });

  it('makes attendance the share of the roll’s points', () => {
    expect(attendancePercent(7, 8)).toBe(8750);
    expect(attendancePercent(2, 3)).toBe(6667);
    expect(attendancePercent(0, 0)).toBeNull();
  });

  it('prints a score as typed, without trailing zeros', () => {
    expect(scoreText(8550)).toBe('85.5');
    expect(scoreText(7000)).toBe('70');
    expect(scoreText(6667)).toBe('66.67');
  });
});

describe('the total', () => {
  const scheme = DEFAULT_COMPONENTS;

  it('weighs each score: 20 % of 90 + 30 % of 70 + 30 % of 80 + 20 % of 60 = 75', () => {
    const total = totalOf(
      { scores: [9000, 7000, 8000, 6000], eligible: true },
      scheme,
      DEFAULT_BANDS,
    );
    expect(total).toEqual({ total: 7500, outcome: 'pass', missing: [] });
  });

  it('rounds the weighted sum half up to hundredths', () => {
    const thirds = [typed('k1', 'A', 33), typed('k2', 'B', 33), typed('k3', 'C', 34)];
    // 33 × 0.01 + 33 × 0 + 34 × 0 = 0.33 hundredths → 0; 33 × 0.02 = 0.66 → 1.
    expect(totalOf({ scores: [1, 0, 0], eligible: true }, thirds, DEFAULT_BANDS).total).toBe(0);
    expect(totalOf({ scores: [2, 0, 0], eligible: true }, thirds, DEFAULT_BANDS).total).toBe(1);
  });

  it('has no total while a component lacks a score, and names what is missing', () => {
    const total = totalOf(
      { scores: [9000, null, 8000, null], eligible: true },
      scheme,
      DEFAULT_BANDS,
    );
    expect(total).toEqual({ total: null, outcome: null, missing: ['Midterm', 'Final oral'] });
  });
});

describe('bands', () => {
  it('passes at 70, a conditional pass at 65–69, fails below', () => {
    expect(outcomeOf(7000, DEFAULT_BANDS)).toBe('pass');
    expect(outcomeOf(6999, DEFAULT_BANDS)).toBe('conditional');
    expect(outcomeOf(6500, DEFAULT_BANDS)).toBe('conditional');
    expect(outcomeOf(6499, DEFAULT_BANDS)).toBe('fail');
  });

  it('without a conditional band, below the pass mark fails', () => {
    expect(outcomeOf(6900, { passAt: 70, conditionalAt: null })).toBe('fail');
  });

  it('refuses bands that make no sense', () => {
    expect(bandsProblem(DEFAULT_BANDS)).toBeNull();
    expect(bandsProblem({ passAt: 0, conditionalAt: null })).toBe(
      'The pass mark must be a whole number from 1 to 100.',
    );
    expect(bandsProblem({ passAt: 70, conditionalAt: 70 })).toBe(
      'The conditional pass must start below the pass mark.',
    );
    expect(bandsProblem({ passAt: 70, conditionalAt: 0 })).toBe(
      'The conditional pass must be a whole number from 1, or left empty.',
    );
  });
});

describe('the absence rule', () => {
  it('a student over the limit scores 0 on the finals, needs no score there, and fails', () => {
    // 20 % of 100 + 30 % of 100 = 50, finals not sat.
    const total = totalOf(
      { scores: [10000, 10000, null, null], eligible: false },
      DEFAULT_COMPONENTS,
      DEFAULT_BANDS,
    );
    expect(total).toEqual({ total: 5000, outcome: 'fail', missing: [] });
  });

  it('fails even a total that would pass, since the final was not sat', () => {
    const scheme = [typed('k1', 'Course work', 80), typed('k2', 'Final', 20, true)];
    const total = totalOf({ scores: [10000, null], eligible: false }, scheme, DEFAULT_BANDS);
    expect(total).toEqual({ total: 8000, outcome: 'fail', missing: [] });
  });
});

describe('a typed score', () => {
  it('reads whole numbers and up to two decimals, a comma as a point', () => {
    expect(readScore('85')).toEqual({ score: 8500 });
    expect(readScore(' 85,5 ')).toEqual({ score: 8550 });
    expect(readScore('0.05')).toEqual({ score: 5 });
    expect(readScore('100')).toEqual({ score: 10000 });
    expect(readScore('')).toEqual({ score: null });
  });

  it('refuses anything else in words', () => {
    for (const typed of ['abc', '85.555', '-3', '1e2'])
      expect(readScore(typed)).toEqual({
        problem: 'A score must be a number from 0 to 100, with at most two decimals.',
      });
    expect(readScore('100.01')).toEqual({ problem: 'A score can be at most 100.' });
  });
});
