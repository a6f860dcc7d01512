import { dayNumberOf } from '@academy/contract/schedule-pattern';
import ical, { ICalEventStatus } from 'ical-generator';
import { addDays, instantOfWallTime } from '../../db/time.js';
import { readSessionTime, wallClock } from '../../domain/session-times.js';
import type { FeedRows, WindowRow } from './calendar-data.js';

/**
 * A person's feed written as iCalendar (RFC 5545) by ical-generator. Every time is an instant
 * in UTC ('…Z'), read on the academy's clock where it was typed as a wall time (a session's
 * date and time): every calendar app shows a UTC time right in its own zone, whereas a TZID
 * needs a VTIMEZONE of the zone's rules that apps read unevenly (docs/decisions.md). A session
 * whose time cannot be read is a whole-day event on its date. Each event's UID names its row,
 * so a calendar that reads the feed again updates the event instead of adding another.
 */

/** A session whose time gives no end lasts this long: a lesson's usual length. */
export const SESSION_MINUTES = 60;

/** How often calendar apps that heed it are asked to read the feed again. */
const REFRESH_SECONDS = 60 * 60;

export interface FeedContext {
  academyName: string;
  timeZone: string;
  /** The app's address, scheme and host ('https://academy.example'): events link to screens. */
  origin: string;
  /** The host alone, the UIDs' domain. */
  host: string;
  role: 'student' | 'teacher' | 'admin';
}

const WHAT_IT_HOLDS: Record<FeedContext['role'], string> = {
  student: 'Your class sessions, due dates, and exam and Skill Builder times',
  teacher: 'The sessions of the classes you teach',
  admin: 'The exam, Skill Builder and speaking question times',
};

const KIND_WORDS: Record<WindowRow['kind'], { name: string; screen: string }> = {
  exam: { name: 'Exam', screen: '/exam-page' },
  reading: { name: 'Reading', screen: '/reading-page' },
  listening: { name: 'Listening', screen: '/listening-page' },
  story: { name: 'Story', screen: '/story-page' },
  speaking: { name: 'Speaking', screen: '/speaking-screen' },
};

/** At most this many characters of a text in an event's title (a speaking question can be long). */
const TITLE_MAX = 80;
const short = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
};

/** When a session takes place: instants on the academy's clock, or its whole day. */
type When = { start: Date; end: Date } | { day: Date; timeText: string };

function sessionWhen(date: string, time: string, timeZone: string): When | null {
  if (dayNumberOf(date) === null) return null;
  const times = readSessionTime(time);
  if (!times) return { day: new Date(`${date}T00:00:00Z`), timeText: time.trim() };
  const start = instantOfWallTime(`${date}T${wallClock(times.start)}:00`, timeZone);
  if (times.end === null)
    return { start: new Date(start), end: new Date(start + SESSION_MINUTES * 60_000) };
  // An end at or before the start is on the next day ('22:00 - 01:00').
  const endDate = times.end > times.start ? date : addDays(date, 1);
  const end = instantOfWallTime(`${endDate}T${wallClock(times.end)}:00`, timeZone);
  return { start: new Date(start), end: new Date(end) };
}

/** An event's description: the parts that say something, a line each; none when none does. */
const lines = (...parts: (string | null | undefined | false)[]) =>
  parts
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join('\n') || null;

/** The feed of one person, as the text of an .ics file. */
export function writeFeed(rows: FeedRows, context: FeedContext): string {
  const { origin, host, timeZone } = context;
  const calendar = ical({
    prodId: { company: 'Academy', product: 'Calendar feed', language: 'EN' },
    name: context.academyName,
    description: `${WHAT_IT_HOLDS[context.role]} at ${context.academyName}.`,
    ttl: REFRESH_SECONDS,
  });
  const uid = (what: string, id: number) => `${what}-${id}@${host}`;

  const addSession = (
    what: string,
    row: { id: number; session_date: string; session_time: string; updated_at: number },
    summary: string,
    cancelled: boolean,
    details: string | null,
    screen: string,
  ) => {
    const when = sessionWhen(row.session_date, row.session_time, timeZone);
    if (!when) return;
    const timing =
      'day' in when ? { start: when.day, allDay: true } : { start: when.start, end: when.end };
    calendar.createEvent({
      id: uid(what, row.id),
      ...timing,
      summary: cancelled ? `Cancelled: ${summary}` : summary,
      description: lines(
        cancelled && 'This session is cancelled.',
        details,
        'timeText' in when && when.timeText && `Time: ${when.timeText}`,
      ),
      ...(cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
      stamp: new Date(Number(row.updated_at)),
      lastModified: new Date(Number(row.updated_at)),
      url: `${origin}${screen}`,
    });
  };

  for (const row of rows.studentSessions) {
    const cancelled = row.status === 'Cancelled';
    const summary = row.class_name
      ? `${row.class_name} (session ${row.session_number})`
      : `Session ${row.session_number}`;
    // Held and Missed say how it went; Next Session and Cancelled say nothing more.
    const details = row.status === 'Held' || row.status === 'Missed' ? row.status : null;
    addSession('schedule-session', row, summary, cancelled, details, '/schedule');
  }
  for (const row of rows.classSessions)
    addSession(
      'class-session',
      row,
      row.class_name,
      row.cancelled_at !== null,
      null,
      `/roll/${row.id}`,
    );

  for (const row of rows.dues) {
    const due = new Date(row.due_at);
    calendar.createEvent({
      id: uid('assignment-due', row.id),
      start: due,
      end: due,
      summary: `Due: ${short(row.title)}`,
      description: lines(row.title.length > TITLE_MAX && row.title, row.description),
      stamp: new Date(row.created_at),
      url: `${origin}/download-assignment`,
    });
  }

  for (const row of rows.windows) {
    const words = KIND_WORDS[row.kind];
    calendar.createEvent({
      id: uid(row.kind, row.id),
      start: new Date(row.start),
      end: new Date(row.end),
      summary: `${words.name}: ${short(row.title)}`,
      description: lines(
        row.kind === 'speaking' ? row.title.length > TITLE_MAX && row.title : row.description,
      ),
      stamp: new Date(row.updated_at),
      lastModified: new Date(row.updated_at),
      url: `${origin}${context.role === 'admin' ? '/skill-content' : words.screen}`,
    });
  }
  return calendar.toString();
}
