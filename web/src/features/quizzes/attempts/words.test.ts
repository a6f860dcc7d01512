import { describe, expect, it } from 'vitest';
import { attemptMarkWords, awaitingWords, countedWords, pointsWords, secondsWords } from './words';

describe('an attempt’s words', () => {
  it('say its mark, or why there is none', () => {
    const closed = { submitted_at: '2026-12-02 10:00:00', awaiting_marks: 0 };
    expect(attemptMarkWords({ ...closed, mark: { hundredths: 850, out_of: 10 } })).toBe('8.5 / 10');
    expect(attemptMarkWords({ ...closed, mark: null, awaiting_marks: 2 })).toBe(
      '2 spoken answers to mark',
    );
    expect(attemptMarkWords({ ...closed, mark: null, submitted_at: null })).toBe(
      'Not submitted yet',
    );
    expect(awaitingWords(1)).toBe('1 spoken answer to mark');
  });

  it('say the mark that counts with the quiz’s rule', () => {
    expect(countedWords({ hundredths: 7250, out_of: 100 }, 'average')).toBe(
      '72.5 / 100 (the average of the attempts)',
    );
    expect(countedWords(null, 'highest')).toBe('No mark counts yet (the highest attempt)');
  });

  it('say an answer’s points and time', () => {
    expect(pointsWords({ hundredths: 150, points: 2 })).toBe('1.5 of 2 points');
    expect(pointsWords({ hundredths: null, points: 1 })).toBe('Not marked yet, out of 1 point');
    expect(secondsWords(40)).toBe('40 s');
    expect(secondsWords(120)).toBe('2 min');
    expect(secondsWords(65)).toBe('1 min 5 s');
  });
});
