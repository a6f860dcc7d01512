import { randomBytes } from 'node:crypto';
import { ROLE_ID } from '@academy/contract/constants';
import { sql } from 'kysely';
import { taughtClasses } from '../../auth/reach.js';
import { hashToken } from '../../auth/tokens.js';
import type { Db } from '../../db/index.js';
import type { SkillKind } from '../../db/schema.js';

/**
 * Each person's private calendar address (issue 31, point 5; migration 0035): a random token
 * of 32 bytes (256 bits) in the address, its SHA-256 in `calendar_feeds` (one row a person),
 * and what the feed holds, read from each domain's tables within a window of days.
 */

/** A token as it appears in an address: 32 random bytes, base64url (43 characters). */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Makes the person a new address, replacing theirs (the old one finds nothing from this
 * moment): returns the token, which is not kept anywhere.
 */
export async function makeFeed(db: Db, userId: number, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const row = { token_hash: hashToken(token), created_at: now, last_read_at: null };
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
  return token;
}

/** The person's address, if they have one: when it was made and last read. */
export function feedOf(db: Db, userId: number) {
  return db
    .selectFrom('calendar_feeds')
    .select(['created_at', 'last_read_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Whose address a token is, while that person's account is active; undefined otherwise. */
export function findFeedHolder(db: Db, token: string) {
  return db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['u.id', 'u.role_id', 'f.last_read_at'])
    .where('f.token_hash', '=', hashToken(token))
    .where('u.is_active', '=', 1)
    .executeTakeFirst();
}

/** How often a read is written down: a calendar that refreshes every minute writes once in five. */
const NOTE_READS_EVERY_MS = 5 * 60_000;

/** Notes that a calendar app read the person's address (at most once in five minutes). */
export async function noteRead(
  db: Db,
  holder: { id: number; last_read_at: number | null },
  now: number,
): Promise<void> {
  if (holder.last_read_at !== null && now - holder.last_read_at < NOTE_READS_EVERY_MS) return;
  await db
    .updateTable('calendar_feeds')
    .set({ last_read_at: now })
    .where('user_id', '=', holder.id)
    .execute();
}

/** The days and instants a feed holds: from `from` to `to`, both days included. */
export interface FeedWindow {
  /** 'YYYY-MM-DD' on the academy's clock. */
  fromDay: string;
  toDay: string;
  /** The first instant of fromDay and the first after toDay. */
  fromMs: number;
  toMs: number;
}

/** At most this many rows of each kind in one feed, the earliest first; more is not a calendar. */
export const FEED_MAX_ROWS = 1000;

/** A session of a student's schedule: their own (a private lesson) or their copy of a class's. */
export interface StudentSessionRow {
  id: number;
  session_number: number;
  session_date: string;
  session_time: string;
  status: string;
  updated_at: number;
  /** The class it is a session of; null for the student's own. */
  class_name: string | null;
}

/** A session of a class a teacher teaches. */
export interface ClassSessionRow {
  id: number;
  session_date: string;
  session_time: string;
  cancelled_at: number | null;
  updated_at: number;
  class_name: string;
}

/** An assignment of the student's with a due time. */
export interface DueRow {
  id: number;
  title: string;
  description: string;
  due_at: number;
  created_at: number;
}

/** An exam's, Skill Builder item's or speaking question's window. */
export interface WindowRow {
  kind: SkillKind | 'speaking';
  id: number;
  title: string;
  description: string;
  start: number;
  end: number;
  updated_at: number;
}

/** What one person's feed holds, by what they are (a student, a teacher, an administrator). */
export interface FeedRows {
  studentSessions: StudentSessionRow[];
  classSessions: ClassSessionRow[];
  dues: DueRow[];
  windows: WindowRow[];
}

/**
 * What a person's feed holds within the window: a student their schedule's sessions, the due
 * times of their assignments and the windows open to them; a teacher the sessions of the
 * classes they teach; an administrator every window (docs/decisions.md says why no sessions).
 */
export async function feedRows(
  db: Db,
  person: { id: number; role_id: number },
  window: FeedWindow,
): Promise<FeedRows> {
  const rows: FeedRows = { studentSessions: [], classSessions: [], dues: [], windows: [] };
  if (person.role_id === ROLE_ID.user) {
    [rows.studentSessions, rows.dues, rows.windows] = await Promise.all([
      studentSessions(db, person.id, window),
      dues(db, person.id, window),
      windows(db, window, person.id),
    ]);
  } else if (person.role_id === ROLE_ID.teacher) {
    rows.classSessions = await classSessions(db, person.id, window);
  } else if (person.role_id === ROLE_ID.admin) {
    rows.windows = await windows(db, window);
  }
  return rows;
}

function studentSessions(db: Db, userId: number, window: FeedWindow) {
  return db
    .selectFrom('schedule_sessions as s')
    .leftJoin('class_sessions as cs', 'cs.id', 's.class_session_id')
    .leftJoin('classes as c', 'c.id', 'cs.class_id')
    .select([
      's.id',
      's.session_number',
      's.session_date',
      's.session_time',
      's.status',
      's.updated_at',
      'c.name as class_name',
    ])
    .where('s.user_id', '=', userId)
    .where('s.session_date', '>=', window.fromDay)
    .where('s.session_date', '<=', window.toDay)
    .orderBy('s.session_date')
    .orderBy('s.id')
    .limit(FEED_MAX_ROWS)
    .execute();
}

function classSessions(db: Db, teacherId: number, window: FeedWindow) {
  return db
    .selectFrom('class_sessions as cs')
    .innerJoin('classes as c', 'c.id', 'cs.class_id')
    .select([
      'cs.id',
      'cs.session_date',
      'cs.session_time',
      'cs.cancelled_at',
      'cs.updated_at',
      'c.name as class_name',
    ])
    .where('cs.class_id', 'in', taughtClasses(db, teacherId))
    .where('cs.session_date', '>=', window.fromDay)
    .where('cs.session_date', '<=', window.toDay)
    .orderBy('cs.session_date')
    .orderBy('cs.id')
    .limit(FEED_MAX_ROWS)
    .execute();
}

async function dues(db: Db, userId: number, window: FeedWindow): Promise<DueRow[]> {
  const rows = await db
    .selectFrom('assignments')
    .select(['id', 'title', 'description', 'due_at', 'created_at'])
    .where('user_id', '=', userId)
    .where('due_at', '>=', window.fromMs)
    .where('due_at', '<', window.toMs)
    .orderBy('due_at')
    .orderBy('id')
    .limit(FEED_MAX_ROWS)
    .execute();
  return rows.map((row) => ({ ...row, due_at: Number(row.due_at) }));
}

/**
 * The exams', Skill Builder items' and speaking questions' windows that overlap the feed's:
 * those open to the student (for everyone, or for them by name), or every one.
 */
async function windows(db: Db, window: FeedWindow, studentId?: number): Promise<WindowRow[]> {
  let items = db
    .selectFrom('skill_items as i')
    .select([
      'i.kind',
      'i.id',
      'i.title',
      'i.description',
      'i.access_start as start',
      'i.access_end as end',
      'i.updated_at',
    ])
    .where('i.access_end', '>=', window.fromMs)
    .where('i.access_start', '<', window.toMs);
  let questions = db
    .selectFrom('speaking_questions as q')
    .select([
      sql<'speaking'>`'speaking'`.as('kind'),
      'q.id',
      'q.question_text as title',
      'q.question_text as description',
      'q.start_time as start',
      'q.end_time as end',
      'q.updated_at',
    ])
    .where('q.end_time', '>=', window.fromMs)
    .where('q.start_time', '<', window.toMs);
  if (studentId !== undefined) {
    items = items.where((eb) =>
      eb.or([
        eb('i.for_all_students', '=', 1),
        eb.exists(
          eb
            .selectFrom('skill_item_students as s')
            .select('s.user_id')
            .whereRef('s.item_id', '=', 'i.id')
            .where('s.user_id', '=', studentId),
        ),
      ]),
    );
    questions = questions.where((eb) =>
      eb.or([
        eb('q.is_for_some', '=', 0),
        eb.exists(
          eb
            .selectFrom('speaking_question_students as qs')
            .select('qs.user_id')
            .whereRef('qs.question_id', '=', 'q.id')
            .where('qs.user_id', '=', studentId),
        ),
      ]),
    );
  }
  const [itemRows, questionRows] = await Promise.all([
    items.orderBy('i.access_start').orderBy('i.id').limit(FEED_MAX_ROWS).execute(),
    questions.orderBy('q.start_time').orderBy('q.id').limit(FEED_MAX_ROWS).execute(),
  ]);
  return [...itemRows, ...questionRows].map((row) => ({
    ...row,
    start: Number(row.start),
    end: Number(row.end),
    updated_at: Number(row.updated_at),
  }));
}
