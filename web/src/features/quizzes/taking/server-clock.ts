import { parseServerTime } from '../../../lib/dates';

/**
 * The attempt's timer runs on the server's clock (issue 51, point 3: the time limit is the
 * server's): the phone's own clock may be minutes off, so the timer never reads it as a time,
 * only as a stopwatch from when the server said what time it was.
 */

/** How far the server's clock is ahead of the phone's (negative: behind), in milliseconds. */
export function clockOffset(serverNow: string, receivedAt: number): number {
  const server = parseServerTime(serverNow).getTime();
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

/** Milliseconds left before `deadline` on the server's clock, never below 0. */
export function remainingMs(deadline: string, offset: number, phoneNow: number): number {
  const end = parseServerTime(deadline).getTime();
  if (Number.isNaN(end)) return 0;
  return Math.max(0, end - (phoneNow + offset));
}

/**
 * The server writes its times in whole seconds, so the deadline and `now` it sends may each be
 * up to a second early: the phone submits an attempt at its deadline only this long after it,
 * so the server, not the phone, is the one that closes it for time.
 */
export const DEADLINE_GRACE_MS = 2000;

/** Whether the deadline has passed on the server's clock by more than the grace. */
export function isPastDeadline(deadline: string, offset: number, phoneNow: number): boolean {
  const end = parseServerTime(deadline).getTime();
  return !Number.isNaN(end) && phoneNow + offset > end + DEADLINE_GRACE_MS;
}

/** The moments a screen reader hears the time left: five minutes, then one. */
export const ANNOUNCED_AT_MS = [5 * 60_000, 60_000] as const;

/**
 * What a screen reader is told as the time left goes from `before` to `now`: a sentence when a
 * moment of ANNOUNCED_AT_MS was crossed, otherwise nothing (a second-by-second timer read out
 * would drown the question).
 */
export function crossedAnnouncement(before: number, now: number): string | null {
  for (const at of ANNOUNCED_AT_MS) {
    if (before > at && now <= at) return `${remainingWords(at)} left.`;
  }
  if (before > 0 && now === 0) return 'Time is up.';
  return null;
}

/** '5 minutes', '1 minute', '2 hours 5 minutes', '3 days 4 hours': the time left in words. */
export function remainingWords(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (days > 0)
    return [unit(days, 'day'), hours > 0 && unit(hours, 'hour')].filter(Boolean).join(' ');
  if (hours > 0)
    return [unit(hours, 'hour'), mins > 0 && unit(mins, 'minute')].filter(Boolean).join(' ');
  return unit(mins, 'minute');
}

/** The timer's face: '4:05', '1:04:05', or '2 days 3:04:05' for a long window. */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  const clock =
    hours > 0 || days > 0
      ? `${hours}:${two(minutes)}:${two(seconds)}`
      : `${minutes}:${two(seconds)}`;
  return days > 0 ? `${days} ${days === 1 ? 'day' : 'days'} ${clock}` : clock;
}
