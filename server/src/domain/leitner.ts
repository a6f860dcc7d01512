import { LEITNER_INTERVAL_DAYS, LEITNER_MAX_PRACTISED_LEVEL } from '@academy/contract/constants';
import { addDays } from '../db/time.js';

/**
 * The Leitner box (DESIGN.md "Domain rules"). A new card starts at level 1, due today. A
 * correct answer at level L (1–5) moves it to L+1 and schedules it 1, 2, 4, 8 or 16 days
 * ahead; passing level 5 retires it (level 6, never practised again). A wrong answer sends it
 * back to level 1, due the next day. Days are calendar days in the academy's time zone.
 */
export interface CardState {
  level: number;
  next_review_date: string;
  last_done_date: string | null;
}

export const RETIRED_LEVEL = LEITNER_MAX_PRACTISED_LEVEL + 1;

export function newCard(today: string): CardState {
  return { level: 1, next_review_date: today, last_done_date: null };
}

export function answerCard(card: CardState, wasCorrect: boolean, today: string): CardState {
  if (!wasCorrect) return { level: 1, next_review_date: addDays(today, 1), last_done_date: today };
  const level = Math.min(Math.max(card.level, 1), LEITNER_MAX_PRACTISED_LEVEL);
  const interval = LEITNER_INTERVAL_DAYS[level - 1] ?? 1;
  return { level: level + 1, next_review_date: addDays(today, interval), last_done_date: today };
}

/** Due: still practised (level 5 or below) and its review day has come. */
export function isDue(card: CardState, today: string): boolean {
  return card.level <= LEITNER_MAX_PRACTISED_LEVEL && card.next_review_date <= today;
}

export function doneToday(card: CardState, today: string): 0 | 1 {
  return card.last_done_date === today ? 1 : 0;
}
