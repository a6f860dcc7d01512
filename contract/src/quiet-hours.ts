/**
 * Quiet hours: a daily span of time, in the academy's time zone, during which a new
 * notification's popup shows without its sound. Pure (no zod): the settings schema checks the
 * times with it, and the web app's popup asks it before each chime.
 */

/** A time of day as the settings keep it: 24-hour 'HH:MM'. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 'HH:MM' as minutes after midnight; undefined when it is not such a time. */
export function clockMinutes(value: string): number | undefined {
  const match = CLOCK_TIME.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** The minutes after midnight that `now` is on the clocks of `timeZone`. */
export function minutesInZone(now: Date | number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: 'hour' | 'minute') => Number(parts.find((p) => p.type === type)?.value);
  return (part('hour') % 24) * 60 + part('minute');
}

/**
 * How many minutes of quiet hours are left at `now`, counted on the clocks of `timeZone`: 0
 * when `now` is not in them. They run from `from` (included) to `to` (excluded); a span whose
 * end comes before its start runs over midnight ('22:00'–'07:00' is quiet at 23:30 and at
 * 06:59). No quiet hours (either end missing or not a time), the same start and end, or a zone
 * that does not exist: never quiet. (On the night the clocks change, the count is by the
 * clock, so it may be an hour off; what waits for the quiet hours to end waits that hour.)
 */
export function quietMinutesLeft(
  now: Date | number,
  timeZone: string,
  from: string | null | undefined,
  to: string | null | undefined,
): number {
  const start = clockMinutes(from ?? '');
  const end = clockMinutes(to ?? '');
  if (start === undefined || end === undefined || start === end) return 0;
  let minute: number;
  try {
    minute = minutesInZone(now, timeZone);
  } catch {
    return 0;
  }
  const quiet = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  return quiet ? (end - minute + 24 * 60) % (24 * 60) : 0;
}

/** Whether `now` falls in the quiet hours (see quietMinutesLeft). */
export function isQuietTime(
  now: Date | number,
  timeZone: string,
  from: string | null | undefined,
  to: string | null | undefined,
): boolean {
  return quietMinutesLeft(now, timeZone, from, to) > 0;
}
