/**
 * Dates as the spec shows them: en-US long format, in the reader's own time zone. The server
 * sends 'YYYY-MM-DD HH:MM:SS' in UTC; a bare 'YYYY-MM-DD' is a calendar day and is shown as
 * that day whatever the reader's zone.
 */

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether year, month and day name a real day (the Date constructor rolls 2026-02-31 into March). */
function isRealDay(year: string | undefined, month: string | undefined, day: string | undefined) {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
}

/** Parses a server timestamp (UTC unless it names its own offset); an invalid value gives an invalid Date. */
export function parseServerTime(value: string | null | undefined): Date {
  if (!value) return new Date(Number.NaN);
  const trimmed = value.trim();
  const day = DAY.exec(trimmed);
  if (day) {
    return isRealDay(day[1], day[2], day[3])
      ? new Date(`${trimmed}T00:00:00`)
      : new Date(Number.NaN);
  }
  const match = TIMESTAMP.exec(trimmed);
  if (!match || !isRealDay(match[1], match[2], match[3])) return new Date(Number.NaN);
  const iso = `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6] ?? '00'}${match[7] ?? 'Z'}`;
  return new Date(iso);
}

const isValid = (date: Date) => !Number.isNaN(date.getTime());

// Options, not formatter instances: a formatter fixes the time zone when it is created.
const longDate: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
const shortTime: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const longDateTime: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
};
const longDateTimeSeconds: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
};

const format = (date: Date, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', options).format(date);

/** 'November 22, 2026', or 'Invalid Date' for a value that does not parse. */
export function formatLongDate(value: string | null | undefined): string {
  const date = parseServerTime(value);
  return isValid(date) ? format(date, longDate) : 'Invalid Date';
}

/** 'Nov 2' (a day in a grid's header), or 'Invalid Date'. */
export function formatShortDate(value: string | null | undefined): string {
  const date = parseServerTime(value);
  return isValid(date) ? format(date, { month: 'short', day: 'numeric' }) : 'Invalid Date';
}

/**
 * A date an admin typed as free text (a schedule session's date): a real 'YYYY-MM-DD' day in
 * US long format, anything else (an impossible day too) exactly as written.
 */
export function formatDateAsWritten(value: string): string {
  if (!value) return '';
  return isValid(parseServerTime(value)) ? formatLongDate(value) : value;
}

/** '03:05 PM' (two-digit hour and minute), or 'Invalid Time'. */
export function formatTime(value: string | null | undefined): string {
  const date = parseServerTime(value);
  return isValid(date) ? format(date, shortTime) : 'Invalid Time';
}

/** 'November 22, 2026 at 3:05 PM' (long US with am/pm), or 'Invalid Date'. */
export function formatLongDateTime(value: string | null | undefined): string {
  const date = parseServerTime(value);
  return isValid(date) ? format(date, longDateTime) : 'Invalid Date';
}

/** A moment given as epoch milliseconds, as 'November 22, 2026 at 3:05 PM'. */
export function formatInstant(ms: number): string {
  const date = new Date(ms);
  return isValid(date) ? format(date, longDateTime) : 'Invalid Date';
}

/** 'November 22, 2026 at 3:05:09 PM' (with seconds), or 'Invalid Date'. */
export function formatLongDateTimeWithSeconds(value: string | null | undefined): string {
  const date = parseServerTime(value);
  return isValid(date) ? format(date, longDateTimeSeconds) : 'Invalid Date';
}

/**
 * A server time as the value of an `<input type="datetime-local">` ('2026-11-22T10:04'): on the
 * reader's clock, or on a zone's when one is given (a due time is entered and edited on the
 * academy's clock, which the server reads the value back on).
 */
export function toLocalInputValue(value: string | null | undefined, timeZone?: string): string {
  const date = parseServerTime(value);
  if (!isValid(date)) return '';
  // Without a zone, Intl uses the reader's.
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      ...(timeZone ? { timeZone } : {}),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The zone the reader's clock is set to. */
const readerZone = () => new Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A time set on the academy's clock (a due time, an item's or a question's window: 'December 4,
 * 2026 at 5:00 PM'), as it was entered; when
 * the reader's clock is in another zone, the zone's short name follows ('… 5:00 PM GMT+3:30'),
 * so nobody reads it as their own clock's time. Without a zone, the reader's clock.
 */
export function formatDue(value: string | null | undefined, timeZone?: string): string {
  const date = parseServerTime(value);
  if (!isValid(date)) return 'Invalid Date';
  if (!timeZone) return format(date, longDateTime);
  return format(date, {
    ...longDateTime,
    timeZone,
    ...(timeZone === readerZone() ? {} : { timeZoneName: 'short' }),
  });
}

/**
 * What a field where an administrator types a date or time says about its clock: the
 * academy's, named, as the server reads it (the browser's own zone may be another).
 */
export function timesAreIn(timeZone: string | undefined): string {
  return timeZone
    ? `Times are in ${timeZone.replaceAll('_', ' ')}.`
    : "Times are on the academy's clock.";
}

/** A wall time as written ('2030-01-15T09:30:00', no zone) as 'January 15, 2030 at 9:30 AM'. */
export function formatWallTime(value: string): string {
  // Read as UTC and shown on UTC's clock: the digits stay as they were typed.
  const date = parseServerTime(value);
  return isValid(date) ? format(date, { ...longDateTime, timeZone: 'UTC' }) : 'Invalid Date';
}

/**
 * The calendar day ('YYYY-MM-DD') it is at `now` on a zone's clock (the academy's), or on the
 * reader's clock without one: the academy's today, as the server's `today()` reads it.
 */
export function todayOn(timeZone?: string, now: number = Date.now()): string {
  // en-CA writes a date as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    ...(timeZone ? { timeZone } : {}),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
