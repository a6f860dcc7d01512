/**
 * Time helpers. The database keeps UTC epoch milliseconds; the API shows the spec's
 * 'YYYY-MM-DD HH:MM:SS' (UTC); "today" is a calendar day in the academy's time zone.
 */

/** 'YYYY-MM-DD HH:MM:SS' in UTC, as the spec shows created_at. */
export function formatTimestamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** Like formatTimestamp, but null stays null. */
export function formatOptionalTimestamp(ms: number | null): string | null {
  return ms === null ? null : formatTimestamp(ms);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The last answer per zone: the polls ask for today thousands of times a minute. */
const lastDays = new Map<string, { minute: number; day: string }>();

/** The calendar day ('YYYY-MM-DD') that `ms` falls on in `timeZone`. */
export function dayInZone(ms: number, timeZone: string): string {
  // Every zone's offset has been a whole number of minutes since 1972, so a day starts on a
  // minute: within one minute the answer cannot change.
  const minute = Math.floor(ms / 60_000);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  // Building a formatter costs far more than using one: one per zone, kept.
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const day = format.format(ms);
  lastDays.set(timeZone, { minute, day });
  return day;
}

/** Adds whole days to a 'YYYY-MM-DD' day (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The first millisecond of `day` ('YYYY-MM-DD') in `timeZone`. Every zone is between 12 hours
 * behind and 14 hours ahead of UTC, so the day starts between 14 hours before and 12 hours
 * after that date's UTC midnight; days start on a whole minute (see dayInZone): the minutes
 * between are searched.
 */
export function dayStartInZone(day: string, timeZone: string): number {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  let before = Math.floor(midnightUtc / 60_000) - 15 * 60; // still an earlier day
  let after = Math.floor(midnightUtc / 60_000) + 12 * 60; // already this day or later
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (dayInZone(middle * 60_000, timeZone) < day) before = middle;
    else after = middle;
  }
  return after * 60_000;
}
