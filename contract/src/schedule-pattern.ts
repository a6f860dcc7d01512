/**
 * Schedules from a weekly pattern (issue 20 point 4): the sessions of "Monday and Wednesday at
 * 18:00 from 2026-12-07, 8 sessions", numbered and dated, the day following from the date.
 *
 * Pure and shared: the Send Schedule screen generates the sessions with it and the admin
 * reviews them in the form before saving through the spec's save call. Dates are plain
 * calendar dates (YYYY-MM-DD, the form the date fields have always shown as a date); the
 * arithmetic runs on whole days in UTC, so no time zone or daylight-saving change can move one.
 */
import { WEEK_DAYS } from './constants.js';

export type WeekDay = (typeof WEEK_DAYS)[number];

/** At most this many sessions from one pattern. */
export const PATTERN_MAX_SESSIONS = 100;
/** The highest session number the save call accepts. */
export const PATTERN_MAX_NUMBER = 9999;

export interface WeeklyPattern {
  /** The weekdays the class meets (any order; repeats ignored). */
  weekdays: readonly WeekDay[];
  /** The first day the pattern may start on (YYYY-MM-DD); the first session is the first chosen weekday on or after it. */
  firstDate: string;
  /** How many sessions, 1 to PATTERN_MAX_SESSIONS. */
  count: number;
  /** The session time as the form shows it, e.g. '18:00 - 19:00'. */
  time: string;
  /** The first session's number (the student's last session number + 1). */
  firstNumber: number;
}

export interface PatternSession {
  session_number: number;
  session_day: WeekDay;
  session_date: string;
  session_time: string;
  status: 'Next Session';
}

const DAY_MS = 86_400_000;
/** Date#getUTCDay order: 0 is Sunday. */
const BY_UTC_DAY: readonly WeekDay[] = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];

/** Days since 1970-01-01 of a real calendar date written YYYY-MM-DD, or null. */
export function dayNumberOf(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  // Date.UTC rolls 2026-02-31 over into March: such a date is not a date.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d)
    return null;
  return Math.round(ms / DAY_MS);
}

/** YYYY-MM-DD of a day number. */
export function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The weekday of a day number. */
export function weekDayOf(day: number): WeekDay {
  return BY_UTC_DAY[new Date(day * DAY_MS).getUTCDay()] as WeekDay;
}

/** The time text of a start and an optional end ('18:00' and '19:00' give '18:00 - 19:00'). */
export function patternTime(start: string, end = ''): string {
  const [from, to] = [start.trim(), end.trim()];
  return to ? `${from} - ${to}` : from;
}

/** What is wrong with a pattern, in words for the form, or null when sessions can be made. */
export function patternProblem(pattern: WeeklyPattern): string | null {
  if (pattern.weekdays.length === 0) return 'Choose at least one weekday.';
  if (!pattern.firstDate.trim()) return 'Choose the first date.';
  if (dayNumberOf(pattern.firstDate) === null) return 'The first date is not a date.';
  if (!pattern.time.trim()) return 'Enter the time.';
  if (pattern.time.length > 50) return 'The time can be at most 50 characters.';
  if (!Number.isInteger(pattern.count) || pattern.count < 1 || pattern.count > PATTERN_MAX_SESSIONS)
    return `The number of sessions must be from 1 to ${PATTERN_MAX_SESSIONS}.`;
  if (!Number.isInteger(pattern.firstNumber) || pattern.firstNumber < 1)
    return 'The first session number must be a whole number from 1.';
  if (pattern.firstNumber + pattern.count - 1 > PATTERN_MAX_NUMBER)
    return `Session numbers can go up to ${PATTERN_MAX_NUMBER}.`;
  // A date is written with four figures for its year: a session past 9999 has no date.
  if (patternDays(pattern).some((day) => day > LAST_WRITABLE_DAY))
    return 'The sessions would go past the year 9999. Choose an earlier first date or fewer sessions.';
  return null;
}

/** 9999-12-31, the last day a date field can hold. */
const LAST_WRITABLE_DAY = dayNumberOf('9999-12-31') as number;

/** The day numbers of a pattern's sessions (its weekdays and first date must be valid). */
function patternDays(pattern: WeeklyPattern): number[] {
  const chosen = new Set(pattern.weekdays);
  const days: number[] = [];
  // At least one weekday is chosen, so each week of seven days adds at least one session.
  for (let day = dayNumberOf(pattern.firstDate) as number; days.length < pattern.count; day++)
    if (chosen.has(weekDayOf(day))) days.push(day);
  return days;
}

/**
 * The sessions of a weekly pattern, in date order: from the first date on, every day whose
 * weekday is chosen, until `count` sessions; numbered from `firstNumber`, each 'Next Session'.
 * Throws a RangeError naming the problem when `patternProblem` finds one.
 */
export function sessionsFromPattern(pattern: WeeklyPattern): PatternSession[] {
  const problem = patternProblem(pattern);
  if (problem) throw new RangeError(problem);
  return patternDays(pattern).map((day, i) => ({
    session_number: pattern.firstNumber + i,
    session_day: weekDayOf(day),
    session_date: dateOfDayNumber(day),
    session_time: pattern.time.trim(),
    status: 'Next Session',
  }));
}

/**
 * The weekdays in the order a pattern form lists them: Saturday to Friday, the academy's week
 * as the rest of the app runs it (WEEK_DAYS; issue 27, point 19).
 */
export const PATTERN_WEEKDAYS: readonly WeekDay[] = WEEK_DAYS;

/** A time as a time field gives it (HH:MM or HH:MM:SS), in minutes of the day; null when not one. */
function minutesOf(time: string): number | null {
  const match = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * A session's length in minutes from its time as a pattern writes it ('17:00 - 18:30',
 * patternTime), or null when it has no end or is not of that shape (teachers' pay, issue 52).
 */
export function sessionMinutes(sessionTime: string): number | null {
  const [start, end, ...rest] = sessionTime.split(/\s*[-–]\s*/);
  if (start === undefined || end === undefined || rest.length > 0) return null;
  const [from, to] = [minutesOf(start), minutesOf(end)];
  return from !== null && to !== null && to > from ? to - from : null;
}

/**
 * What is wrong with a pattern's start and end times (issue 49, point 8), or null: the start
 * is needed, and an end, when given, comes after it (a session does not run past midnight).
 */
export function timesProblem(start: string, end = ''): string | null {
  if (!start.trim()) return 'Enter the start time.';
  const [from, to] = [minutesOf(start), minutesOf(end)];
  if (end.trim() && from !== null && to !== null && to <= from)
    return 'The end time must be after the start time.';
  return null;
}

/**
 * The dates a pattern will make, in order (issue 49, point 8: listed before it runs), or the
 * problem that stops it, in the form's words. The dates are the sessions' own
 * (sessionsFromPattern), so the list shows exactly what the button makes.
 */
export function patternDates(
  pattern: WeeklyPattern,
): { dates: string[]; problem: null } | { dates: null; problem: string } {
  const problem = patternProblem(pattern);
  if (problem) return { dates: null, problem };
  return { dates: sessionsFromPattern(pattern).map((s) => s.session_date), problem: null };
}
