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

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * An Intl formatter for `timeZone`, made once per `use` and zone and kept: building one costs
 * far more than using one. `use` names the options (each caller passes its own, always the
 * same), so the key needs no copy of them.
 */
export function formatterFor(
  use: string,
  timeZone: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
  locale = 'en-US',
): Intl.DateTimeFormat {
  const key = `${use} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** The last answer per zone: the polls ask for today thousands of times a minute. */
const lastDays = new Map<string, { minute: number; day: string }>();

/** The calendar day ('YYYY-MM-DD') that `ms` falls on in `timeZone`. */
export function dayInZone(ms: number, timeZone: string): string {
  // Every zone's offset has been a whole number of minutes since 1972, so a day starts on a
  // minute: within one minute the answer cannot change.
  const minute = Math.floor(ms / 60_000);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  // en-CA formats dates as YYYY-MM-DD.
  const day = formatterFor(
    'day',
    timeZone,
    { year: 'numeric', month: '2-digit', day: '2-digit' },
    'en-CA',
  ).format(ms);
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
 * The academy's week around `today`: Saturday to Friday, the spec's week days (section 9).
 * "Due this week" means due by its Friday; "this week's answers" count from its Saturday.
 */
export function weekOf(today: string): { start: string; end: string } {
  // getUTCDay: 0 Sunday … 6 Saturday; days since the last Saturday: (day + 1) mod 7.
  const sinceSaturday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 1) % 7;
  const start = addDays(today, -sinceSaturday);
  return { start, end: addDays(start, 6) };
}

/** How far `timeZone`'s clock is ahead of UTC at the instant `ms`, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  const format = formatterFor('wall', timeZone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const part = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(
    part.year ?? 0,
    (part.month ?? 1) - 1,
    part.day ?? 1,
    part.hour ?? 0,
    part.minute ?? 0,
    part.second ?? 0,
  );
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The instant at which the clocks of `timeZone` read `wall` ('YYYY-MM-DDTHH:MM:SS'). Where
 * the clocks go back and read it twice, the first; where they jump over it (spring forward),
 * the time as the clocks read it just before the jump, so 02:30 of a jump from 02:00 to 03:00
 * is 03:30.
 */
export function instantOfWallTime(wall: string, timeZone: string): number {
  const asUtc = Date.parse(`${wall}Z`);
  const before = offsetAt(asUtc - 86_400_000, timeZone);
  const after = offsetAt(asUtc + 86_400_000, timeZone);
  const fits = [before, after]
    .map((offset) => asUtc - offset)
    .filter((ms) => asUtc - ms === offsetAt(ms, timeZone))
    .sort((x, y) => x - y);
  return fits[0] ?? asUtc - before;
}

/** The first instant of the calendar day `day` ('YYYY-MM-DD') in `timeZone`. */
export function startOfDayInZone(day: string, timeZone: string): number {
  return instantOfWallTime(`${day}T00:00:00`, timeZone);
}

/**
 * A date and time as an administrator sent it (contract's Moment): an instant as it is, a wall
 * time read on the academy's clock (`timeZone`), whatever zone their browser was set to.
 */
export function instantOfMoment(moment: { instant: number } | { local: string }, timeZone: string) {
  return 'instant' in moment ? moment.instant : instantOfWallTime(moment.local, timeZone);
}
