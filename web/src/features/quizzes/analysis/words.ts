import type { AnalysedItem } from '@academy/contract';

/**
 * The analysis' figures in words, as the screen shows them (the files write the same figures
 * as plain numbers). Pure, so they are tested alone.
 */

/** A fraction 0..1 as a whole percent: "75 %". */
export const percentWords = (fraction: number) => `${Math.round(fraction * 100)} %`;

/** Discrimination to two places with a true minus sign ("−0.25"); null: too few attempts. */
export function discriminationWords(value: number | null): string {
  if (value === null) return 'Too few attempts';
  const text = Math.abs(value).toFixed(2);
  return value < 0 && text !== '0.00' ? `−${text}` : text;
}

/** A median time: "42 s", "1 min 5 s"; null: no time was recorded. */
export function secondsWords(seconds: number | null): string {
  if (seconds === null) return 'Not recorded';
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const rest = whole % 60;
  return rest === 0 ? `${whole / 60} min` : `${Math.floor(whole / 60)} min ${rest} s`;
}

/** How many chose the most common wrong answer: "chosen by 1 student", "… 3 students". */
export const chosenByWords = (item: Pick<AnalysedItem, 'common_wrong_count'>) =>
  `chosen by ${item.common_wrong_count} ${item.common_wrong_count === 1 ? 'student' : 'students'}`;

/**
 * A band of the marks' distribution: "0–10 %", …, "90–100 %" (a mark on a boundary is in the
 * band above it, as the chart's caption says).
 */
export const bandWords = (band: { from: number; to: number }) => `${band.from}–${band.to} %`;

/** A count of attempts: "1 attempt", "12 attempts". */
export const attemptsWords = (count: number) => `${count} ${count === 1 ? 'attempt' : 'attempts'}`;
