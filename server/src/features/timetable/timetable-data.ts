import { TIMETABLE_PAGE_SIZE } from '@academy/contract';
import { dayNumberOf, PATTERN_MAX_NUMBER, weekDayOf } from '@academy/contract/schedule-pattern';
import { taughtClasses, type Within } from '../../auth/reach.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';
import { fetchPage, inSlices } from '../../db/lists.js';
import { activeStudentIdsOfClass, holdClass } from '../../domain/classes.js';
import { holdPeople } from '../../domain/people.js';
import { sessionStartsAt } from '../../domain/session-times.js';
import { badRequest } from '../../http/errors.js';
import { lastSessionNumbers } from '../schedules/schedules-data.js';

/**
 * A class's timetable (issue 29, point 4; migration 0026): the class's sessions, made once,
 * and each member's copy of them in their schedule (schedule_sessions.class_session_id).
 * Every write here that touches both does so in one transaction, so a member's schedule and
 * the timetable never disagree.
 */

/** A class session's time and place in the calendar. */
export interface SessionWhen {
  session_date: string;
  session_time: string;
}

/** What a cancelled class session reads in each member's schedule. */
export const CANCELLED = 'Cancelled';
/** What a class session that is still to come reads (the spec's word). */
const UPCOMING = 'Next Session';

/**
 * Adds a pattern's sessions to a class's timetable and gives the new ones to `userIds`
 * (numbered after each student's own last session). A session the timetable already has
 * (same date and time) is left as it is: running a pattern twice merges, it never doubles.
 */
export async function addToTimetable(
  db: Db,
  classId: number,
  sessions: readonly SessionWhen[],
  now: number,
): Promise<{ added: number; already: number; userIds: number[] }> {
  return db.transaction().execute(async (trx) => {
    // The class held, its students are read here, not before: one who joins meanwhile is
    // either read now or joins after, finding these sessions (domain/classes.ts holdClass).
    await holdClass(trx, classId);
    const userIds = await activeStudentIdsOfClass(trx, classId);
    const existing = await trx
      .selectFrom('class_sessions')
      .select(['session_date', 'session_time'])
      .where('class_id', '=', classId)
      .where(
        'session_date',
        'in',
        sessions.map((s) => s.session_date),
      )
      .execute();
    const taken = new Set(existing.map((s) => `${s.session_date} ${s.session_time}`));
    const fresh = sessions.filter((s) => !taken.has(`${s.session_date} ${s.session_time}`));
    if (fresh.length === 0) return { added: 0, already: sessions.length, userIds };
    const made = await trx
      .insertInto('class_sessions')
      .values(
        fresh.map((s) => ({
          class_id: classId,
          session_date: s.session_date,
          session_day: dayOf(s.session_date),
          session_time: s.session_time,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'session_date', 'session_day', 'session_time'])
      .execute();
    await giveSessions(trx, made, userIds, now);
    return { added: made.length, already: sessions.length - fresh.length, userIds };
  });
}

type ClassSessionRow = {
  id: number;
  session_date: string;
  session_day: string;
  session_time: string;
};

/**
 * A student's schedule has no numbers left for the class's sessions: they would be numbered
 * past the highest a session can have (the save and edit calls take up to 9999), and the
 * student could then edit none of them. The write it happened in is undone.
 */
export class NoRoomForSessions extends Error {
  constructor(
    readonly userId: number,
    readonly sessions: number,
  ) {
    super(`Student ${userId} has no session numbers left for ${sessions} sessions.`);
  }
}

/**
 * Runs a write that gives class sessions, answering NoRoomForSessions as the caller's mistake
 * (a 400 naming whose schedule is full; the write was undone) instead of a server error.
 */
export async function refusingNoRoom<T>(db: Db, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof NoRoomForSessions)) throw error;
    const student = await db
      .selectFrom('users')
      .select('name')
      .where('id', '=', error.userId)
      .executeTakeFirst();
    const more = error.sessions === 1 ? '1 more session' : `${error.sessions} more sessions`;
    throw badRequest(
      `Session numbers go up to ${PATTERN_MAX_NUMBER}, and the schedule of ${student?.name ?? 'a student'} has no room for ${more}. Nothing was changed.`,
    );
  }
}

/**
 * Copies class sessions into students' schedules, numbered after each one's last session, in
 * date order. A student who already holds one of them keeps theirs. Throws NoRoomForSessions
 * (before writing anything) when a student's numbers would pass PATTERN_MAX_NUMBER.
 */
async function giveSessions(
  db: Db,
  sessions: readonly ClassSessionRow[],
  userIds: readonly number[],
  now: number,
): Promise<void> {
  if (sessions.length === 0 || userIds.length === 0) return;
  // Each student's numbers follow their last: two classes given to one student at once would
  // otherwise both number after the same last session (on PostgreSQL, a broken key and the
  // whole save undone).
  await holdPeople(db, userIds);
  const ordered = [...sessions].sort(
    (a, b) =>
      a.session_date.localeCompare(b.session_date) || a.session_time.localeCompare(b.session_time),
  );
  const held = await db
    .selectFrom('schedule_sessions')
    .select(['user_id', 'class_session_id'])
    .where('user_id', 'in', [...userIds])
    .where(
      'class_session_id',
      'in',
      ordered.map((s) => s.id),
    )
    .execute();
  const holds = new Set(held.map((r) => `${r.user_id} ${r.class_session_id}`));
  const last = await lastSessionNumbers(db, [...userIds]);
  const rows = [];
  for (const userId of userIds) {
    let number = last.get(userId) ?? 0;
    for (const session of ordered) {
      if (holds.has(`${userId} ${session.id}`)) continue;
      number += 1;
      if (number > PATTERN_MAX_NUMBER)
        throw new NoRoomForSessions(
          userId,
          ordered.filter((o) => !holds.has(`${userId} ${o.id}`)).length,
        );
      rows.push({
        user_id: userId,
        session_number: number,
        session_day: session.session_day,
        session_date: session.session_date,
        session_time: session.session_time,
        status: UPCOMING,
        class_session_id: session.id,
        created_at: now,
        updated_at: now,
      });
    }
  }
  for (const slice of inSlices(rows))
    await db.insertInto('schedule_sessions').values(slice).execute();
}

/** The class's sessions on or after `today` that take place: what a new member is given. */
function sessionsFrom(db: Db, classId: number, today: string) {
  return db
    .selectFrom('class_sessions')
    .select(['id', 'session_date', 'session_day', 'session_time'])
    .where('class_id', '=', classId)
    .where('session_date', '>=', today)
    .where('cancelled_at', 'is', null);
}

/**
 * Students who joined a class at `now` get its sessions that begin after that moment, on the
 * academy's clock (`timeZone`): a session later today counts, one already begun does not
 * (joining late is not joining the past; issue 49, point 5). Run it in the transaction that
 * makes them members, so a member never lacks the sessions (nor a refused one keeps the place).
 */
export async function giveFutureSessions(
  trx: Db,
  classId: number,
  userIds: readonly number[],
  today: string,
  now: number,
  timeZone: string,
): Promise<void> {
  const sessions = await sessionsFrom(trx, classId, today).execute();
  const toCome = sessions.filter((s) => sessionStartsAt(s, timeZone) > now);
  await giveSessions(trx, toCome, userIds, now);
}

/**
 * Students who left a class lose its sessions from today on whose roll is not taken; the ones
 * before (and today's, once its roll is taken) stay in their schedule, as a record of what
 * they attended.
 */
export async function takeFutureSessions(
  db: Db,
  classId: number,
  userIds: readonly number[],
  today: string,
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .deleteFrom('schedule_sessions')
    .where('user_id', 'in', [...userIds])
    .where('class_session_id', 'in', (eb) =>
      eb
        .selectFrom('class_sessions')
        .select('id')
        .where('class_id', '=', classId)
        .where('session_date', '>=', today)
        // Today's session whose roll is taken happened: it stays, with the student's mark.
        .where('roll_taken_at', 'is', null),
    )
    .execute();
}

export type SessionChange = Partial<SessionWhen> & { cancelled?: boolean };
export type ChangeOutcome = 'changed' | 'missing' | 'taken' | 'bad-date';

/**
 * Moves or cancels (or brings back) one class session, and every member's copy with it.
 * A move onto a date and time the class already has a session at is 'taken'.
 */
export async function changeClassSession(
  db: Db,
  classId: number,
  sessionId: number,
  change: SessionChange,
  now: number,
): Promise<ChangeOutcome> {
  if (change.session_date !== undefined && dayNumberOf(change.session_date) === null)
    return 'bad-date';
  try {
    return await db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('class_sessions')
        .select(['session_date', 'session_time', 'cancelled_at'])
        .where('id', '=', sessionId)
        .where('class_id', '=', classId)
        .executeTakeFirst();
      if (!current) return 'missing';
      const date = change.session_date ?? current.session_date;
      const when = {
        session_date: date,
        session_day: dayOf(date),
        session_time: change.session_time ?? current.session_time,
      };
      const cancelledAt =
        change.cancelled === undefined
          ? current.cancelled_at
          : change.cancelled
            ? (current.cancelled_at ?? now)
            : null;
      await trx
        .updateTable('class_sessions')
        .set({ ...when, cancelled_at: cancelledAt, updated_at: now })
        .where('id', '=', sessionId)
        .execute();
      await trx
        .updateTable('schedule_sessions')
        .set({
          ...when,
          ...(change.cancelled === undefined
            ? {}
            : { status: change.cancelled ? CANCELLED : UPCOMING }),
          updated_at: now,
        })
        .where('class_session_id', '=', sessionId)
        .execute();
      return 'changed';
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/** The members whose schedules hold a class session: who hears it changed. */
export async function holdersOf(db: Db, sessionId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('schedule_sessions')
    .select('user_id')
    .where('class_session_id', '=', sessionId)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * A class's timetable a page at a time: the sessions to come in date order, or those past
 * (before `today`) latest first.
 */
export async function listClassSessions(
  db: Db,
  classId: number,
  filter: { when: 'upcoming' | 'past'; today: string; page: number },
) {
  const upcoming = filter.when === 'upcoming';
  const order = upcoming ? 'asc' : 'desc';
  const query = db
    .selectFrom('class_sessions')
    .select(['id', 'session_date', 'session_day', 'session_time', 'cancelled_at', 'roll_taken_at'])
    .where('class_id', '=', classId)
    .where('session_date', upcoming ? '>=' : '<', filter.today)
    .orderBy('session_date', order)
    .orderBy('session_time', order)
    .orderBy('id', order);
  const { rows, hasMore } = await fetchPage(query, filter.page, TIMETABLE_PAGE_SIZE);
  return { sessions: rows.map((row) => withRoll(row, filter.today)), hasMore };
}

/** A session row as answered: cancelled or not, and where its roll stands on `today`. */
function withRoll<T extends { session_date: string }>(
  {
    cancelled_at,
    roll_taken_at,
    ...row
  }: T & { cancelled_at: number | null; roll_taken_at: number | null },
  today: string,
) {
  return {
    ...row,
    cancelled: cancelled_at !== null,
    roll:
      roll_taken_at !== null
        ? ('taken' as const)
        : cancelled_at === null && row.session_date <= today
          ? ('due' as const)
          : ('not-yet' as const),
  };
}

/**
 * Every class's sessions of one day (a teacher's: their classes'), by time then class name,
 * with how many students hold each: the teaching day (issue 29, points 3 and 9). The index on
 * class_sessions (session_date, roll_taken_at) finds the day's.
 */
export const listSessionsOn = (db: Db, date: string, within: Within) =>
  inDayOrder(sessionsWithCounts(db, within).where('s.session_date', '=', date), date);

/**
 * This week's sessions before today whose roll is not taken (issue 49, point 4): they stay on
 * the teacher's home and the dashboard after their day, until the roll is taken or the session
 * cancelled. The week is the academy's, Saturday to Friday (`weekStart`); a teacher's: their
 * classes'.
 */
export const listUntakenRolls = (
  db: Db,
  days: { weekStart: string; today: string },
  within: Within,
) =>
  inDayOrder(
    sessionsWithCounts(db, within)
      .where('s.session_date', '>=', days.weekStart)
      .where('s.session_date', '<', days.today)
      .where('s.roll_taken_at', 'is', null)
      .where('s.cancelled_at', 'is', null),
    days.today,
  );

/**
 * The sessions of the days after `today` up to `through` (a teacher's: their classes'): what a
 * teacher's phone keeps so the app opened with no signal on a later day still lists that day's
 * classes and takes their rolls (issue 49, point 1).
 */
export const listComingSessions = (
  db: Db,
  days: { today: string; through: string },
  within: Within,
) =>
  inDayOrder(
    sessionsWithCounts(db, within)
      .where('s.session_date', '>', days.today)
      .where('s.session_date', '<=', days.through),
    days.today,
  );

/** The sessions a query picked, by day, time, then class name, each with its roll on `today`. */
async function inDayOrder(query: ReturnType<typeof sessionsWithCounts>, today: string) {
  const rows = await query
    .orderBy('s.session_date')
    .orderBy('s.session_time')
    .orderBy('c.name')
    .orderBy('s.id')
    .execute();
  return rows.map(({ students, ...row }) => ({
    ...withRoll(row, today),
    students: Number(students),
  }));
}

/** Class sessions with their class and how many students hold each (a teacher's: their classes'). */
function sessionsWithCounts(db: Db, within: Within) {
  const query = db
    .selectFrom('class_sessions as s')
    .innerJoin('classes as c', 'c.id', 's.class_id')
    .select([
      's.id',
      's.class_id',
      'c.name as class_name',
      's.session_date',
      's.session_day',
      's.session_time',
      's.cancelled_at',
      's.roll_taken_at',
      (eb) =>
        eb
          .selectFrom('schedule_sessions as held')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('held.class_session_id', '=', 's.id')
          .as('students'),
    ]);
  return within === undefined ? query : query.where('s.class_id', 'in', taughtClasses(db, within));
}

function dayOf(date: string): string {
  const day = dayNumberOf(date);
  return day === null ? '' : weekDayOf(day);
}
