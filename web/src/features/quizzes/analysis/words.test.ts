import { describe, expect, it } from 'vitest';
import {
  attemptsWords,
  bandWords,
  chosenByWords,
  discriminationWords,
  percentWords,
  secondsWords,
} from './words';

describe('the analysis in words', () => {
  it('says fractions as whole percents', () => {
    expect(percentWords(0.8333)).toBe('83 %');
    expect(percentWords(1)).toBe('100 %');
  });

  it('says discrimination with a true minus, and why there is none', () => {
    expect(discriminationWords(-0.75)).toBe('−0.75');
    expect(discriminationWords(0.5)).toBe('0.50');
    expect(discriminationWords(-0.001)).toBe('0.00');
    expect(discriminationWords(null)).toBe('Too few attempts');
  });

  it('says times in seconds, then minutes', () => {
    expect(secondsWords(41.6)).toBe('42 s');
    expect(secondsWords(65)).toBe('1 min 5 s');
    expect(secondsWords(120)).toBe('2 min');
    expect(secondsWords(null)).toBe('Not recorded');
  });

  it('says counts and bands', () => {
    expect(chosenByWords({ common_wrong_count: 1 })).toBe('chosen by 1 student');
    expect(chosenByWords({ common_wrong_count: 3 })).toBe('chosen by 3 students');
    expect(bandWords({ from: 0, to: 10 })).toBe('0–10 %');
    expect(bandWords({ from: 90, to: 100 })).toBe('90–100 %');
    expect(attemptsWords(1)).toBe('1 attempt');
  });
});
