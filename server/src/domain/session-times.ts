import { instantOfWallTime, startOfDayInZone } from '../db/time.js';

/**
 * The academy's clock of class sessions: a session's time as people type it (free text up to
 * 50 characters; the forms hint 'e.g., 10:00 - 11:00'), read as the wall times of a start and
 * an end, and the instant a session begins. The calendar feed, the timetable (who joins in time
 * for a session) and the roll (who was a member when it began) all read a session's time here.
 * What it cannot read with certainty it leaves unread (null), and the feed then shows the
 * session as a whole-day event with its time text in the description, rather than guess.
 */

/** Minutes after midnight. */
export interface SessionTimes {
  start: number;
  /** Null when the text gives no end (the feed then gives the session an hour). */
  end: number | null;
}

/** A time: 18:00, 6:30, 10.15, 6 pm, 6:30PM, 6 p.m. (an hour alone needs am or pm). */
const TIME = String.raw`(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?`;
/** Between a start and an end: a hyphen or dash, 'to', 'until', 'till'. */
const BETWEEN = String.raw`\s*(?:-|–|—|~|to|until|till)\s*`;
const ONE = new RegExp(`^${TIME}$`, 'i');
const RANGE = new RegExp(`^${TIME}${BETWEEN}${TIME}$`, 'i');

type Meridiem = 'am' | 'pm' | undefined;

interface Clock {
  hour: number;
  minute: number | undefined;
  meridiem: Meridiem;
}

const meridiemOf = (text: string | undefined): Meridiem =>
  text === undefined ? undefined : text.toLowerCase().startsWith('a') ? 'am' : 'pm';

const clockOf = (hour?: string, minute?: string, meridiem?: string): Clock => ({
  hour: Number(hour),
  minute: minute === undefined ? undefined : Number(minute),
  meridiem: meridiemOf(meridiem),
});

/** Minutes after midnight of a clock reading, with this meridiem; undefined if it is none. */
function minutesOf(clock: Clock, meridiem: Meridiem): number | undefined {
  const { hour, minute = 0 } = clock;
  if (minute > 59) return undefined;
  if (meridiem === undefined) {
    // An hour alone ('18') could be anything: only '18:00' or '6 pm' say a time.
    if (clock.minute === undefined || hour > 23) return undefined;
    return hour * 60 + minute;
  }
  if (hour < 1 || hour > 12) return undefined;
  return ((hour % 12) + (meridiem === 'pm' ? 12 : 0)) * 60 + minute;
}

/**
 * The start and end a session's time text says, or null when it says no time it is sure of.
 * A start without am or pm before an end with one takes the end's ('6:30 - 8 pm' is evening),
 * unless that would put it after the end ('11:00 - 1 pm' starts in the morning). An end at or
 * before the start is on the next day ('22:00 - 01:00').
 */
export function readSessionTime(text: string): SessionTimes | null {
  const trimmed = text.trim();
  const one = ONE.exec(trimmed);
  if (one) {
    const clock = clockOf(one[1], one[2], one[3]);
    const start = minutesOf(clock, clock.meridiem);
    return start === undefined ? null : { start, end: null };
  }
  const range = RANGE.exec(trimmed);
  if (!range) return null;
  const from = clockOf(range[1], range[2], range[3]);
  const to = clockOf(range[4], range[5], range[6]);
  const end = minutesOf(to, to.meridiem);
  if (end === undefined) return null;
  let start = minutesOf(from, from.meridiem ?? to.meridiem);
  if (start !== undefined && from.meridiem === undefined && to.meridiem !== undefined) {
    // '11:00 - 1 pm': in the afternoon, 11:00 would come after its end.
    if (start >= end) start = minutesOf(from, to.meridiem === 'pm' ? 'am' : 'pm');
  }
  if (start === undefined) return null;
  return { start, end: end === start ? null : end };
}

/** 'HH:MM' of minutes after midnight (below a day). */
export function wallClock(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The instant a class session begins on the academy's clock (`timeZone`): its date at the start
 * its time text gives ('18:00 - 19:30' begins at 18:00), or the first instant of its day when
 * the text says no time for certain (the calendar feed makes such a session a whole-day event).
 * Joining a class gives only the sessions that begin after the moment of joining, and a
 * session's roll lists only the students who joined before it began (issue 49, point 5).
 */
export function sessionStartsAt(
  session: { session_date: string; session_time: string },
  timeZone: string,
): number {
  const times = readSessionTime(session.session_time);
  return times === null
    ? startOfDayInZone(session.session_date, timeZone)
    : instantOfWallTime(`${session.session_date}T${wallClock(times.start)}:00`, timeZone);
}
