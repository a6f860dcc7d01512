import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW, ReviewOptions, reviewShows } from './review.js';

const everything = { score: true, answers: true, right_answers: true, feedback: true };
const nothing = { score: false, answers: false, right_answers: false, feedback: false };

describe('review options', () => {
  it('defaults to the score and the answers at once, the key kept back', () => {
    expect(ReviewOptions.parse({})).toEqual(DEFAULT_REVIEW);
    expect(DEFAULT_REVIEW).toEqual({
      when: 'at_once',
      score: true,
      answers: true,
      right_answers: false,
      feedback: false,
    });
    expect(ReviewOptions.parse({ when: 'after_close', right_answers: true })).toMatchObject({
      when: 'after_close',
      score: true,
      right_answers: true,
    });
  });

  it('refuses what is not an option', () => {
    expect(ReviewOptions.safeParse({ when: 'tomorrow' }).success).toBe(false);
    expect(ReviewOptions.safeParse({ score: 'yes' }).success).toBe(false);
  });
});

describe('reviewShows', () => {
  const atOnce = ReviewOptions.parse({ ...everything, when: 'at_once' });
  const afterClose = ReviewOptions.parse({ ...everything, when: 'after_close' });

  it('shows nothing while the attempt is open, whatever the options', () => {
    expect(reviewShows(atOnce, { now: 2000, accessEnd: 1000, attemptClosed: false })).toEqual(
      nothing,
    );
  });

  it('shows what the options allow as soon as the attempt closes, with "at once"', () => {
    expect(reviewShows(atOnce, { now: 10, accessEnd: 1000, attemptClosed: true })).toEqual(
      everything,
    );
    expect(reviewShows(DEFAULT_REVIEW, { now: 10, accessEnd: 1000, attemptClosed: true })).toEqual({
      score: true,
      answers: true,
      right_answers: false,
      feedback: false,
    });
  });

  it('shows nothing before the window closes with "after close", then everything allowed', () => {
    expect(reviewShows(afterClose, { now: 999, accessEnd: 1000, attemptClosed: true })).toEqual(
      nothing,
    );
    expect(reviewShows(afterClose, { now: 1000, accessEnd: 1000, attemptClosed: true })).toEqual(
      everything,
    );
  });
});
