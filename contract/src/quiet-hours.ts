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
 * Whether `now` falls in the quiet hours from `from` (included) to `to` (excluded), on the
 * clocks of `timeZone`. A span whose end comes before its start runs over midnight
 * ('22:00'–'07:00' is quiet at 23:30 and at 06:59). No quiet hours (either end missing or not
 * a time), the same start and end, or a zone that does not exist: never quiet.
 */
export function isQuietTime(
  now: Date | number,
  timeZone: string,
  from: string | null | undefined,
  to: string | null | undefined,
): boolean {
  const start = clockMinutes(from ?? '');
  const end = clockMinutes(to ?? '');
  if (start === undefined || end === undefined || start === end) return false;
  let minute: number;
  try {
    minute = minutesInZone(now, timeZone);
  } catch {
    return false;
  }
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}
