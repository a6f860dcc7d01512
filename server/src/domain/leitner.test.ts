import { describe, expect, it } from 'vitest';
import { dayInZone } from '../db/time.js';
import { answerCard, doneToday, isDue, newCard, RETIRED_LEVEL } from './leitner.js';

const today = '2026-11-22';

describe('the Leitner rules', () => {
  it('starts a card at level 1, due today', () => {
    expect(newCard(today)).toEqual({ level: 1, next_review_date: today, last_done_date: null });
    expect(isDue(newCard(today), today)).toBe(true);
  });

  it.each([
    [1, 2, '2026-11-23'],
    [2, 3, '2026-11-24'],
    [3, 4, '2026-11-26'],
    [4, 5, '2026-11-30'],
    [5, 6, '2026-12-08'],
  ])('a correct answer at level %i moves the card to %i, due %s', (level, next, due) => {
    const answered = answerCard(
      { level, next_review_date: today, last_done_date: null },
      true,
      today,
    );
    expect(answered).toEqual({ level: next, next_review_date: due, last_done_date: today });
  });

  it('retires a card after level 5: level 6 is never due again', () => {
    const retired = answerCard(
      { level: 5, next_review_date: today, last_done_date: null },
      true,
      today,
    );
    expect(retired.level).toBe(RETIRED_LEVEL);
    expect(isDue(retired, '2030-01-01')).toBe(false);
  });

  it('sends a wrong answer back to level 1, due the next day', () => {
    const wrong = answerCard(
      { level: 4, next_review_date: today, last_done_date: null },
      false,
      today,
    );
    expect(wrong).toEqual({ level: 1, next_review_date: '2026-11-23', last_done_date: today });
    expect(isDue(wrong, today)).toBe(false);
    expect(isDue(wrong, '2026-11-23')).toBe(true);
  });

  it('counts two answers on one day, and done today is that day only', () => {
    const once = answerCard(newCard(today), true, today);
    const twice = answerCard(once, true, today);
    expect(twice).toMatchObject({
      level: 3,
      next_review_date: '2026-11-24',
      last_done_date: today,
    });
    expect(doneToday(twice, today)).toBe(1);
    expect(doneToday(twice, '2026-11-23')).toBe(0);
  });

  it('moves over month and year ends', () => {
    expect(
      answerCard(
        { level: 5, next_review_date: '2026-12-20', last_done_date: null },
        true,
        '2026-12-20',
      ).next_review_date,
    ).toBe('2027-01-05');
  });

  it('takes "today" in the academy’s time zone across midnight', () => {
    // 23:30 UTC on the 22nd is already the 23rd in Tehran and still the 22nd in New York.
    const lateEvening = Date.UTC(2026, 10, 22, 23, 30);
    expect(dayInZone(lateEvening, 'UTC')).toBe('2026-11-22');
    expect(dayInZone(lateEvening, 'Asia/Tehran')).toBe('2026-11-23');
    expect(dayInZone(lateEvening, 'America/New_York')).toBe('2026-11-22');
  });
});
