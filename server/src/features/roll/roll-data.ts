import {
  canRaiseStanding,
  type Mark,
  type RollRules,
  scheduleStatusOf,
  standingMessage,
  standingReached,
  summarizeAttendance,
  summarizeCounts,
} from '@academy/contract/roll-rules';
import type { TermDays } from '@academy/contract/terms';
import { sql } from 'kysely';
import { taughtStudents, type Within } from '../../auth/reach.js';
import { heldOnPostgres } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';
import { inSlices } from '../../db/lists.js';
import { formatTimestamp } from '../../db/time.js';
import { holdPeople } from '../../domain/people.js';
import { sessionStartsAt } from '../../domain/session-times.js';
import type { Tell } from '../../domain/tell.js';
import { type Crossing, tellStaffOfCrossings } from './staff-notices.js';

/**
 * The roll (issue 29, points 6–8; migration 0027): one mark per student who holds a class
 * session (their schedule's row naming it), saved whole, corrected later. A saved roll sets
 * each student's spec status (Held or Missed) and may move their standing against the
 * academy's absence rules, which the caller then tells them of.
 */

/**
 * The students who hold a class session (its row in their schedule), with their mark on its
 * roll where they have one: who the roll is of. A student given the session by joining the
 * class at or after it began is not on it (issue 49, point 5): their row was made after the
 * session and not before it began (an older version gave it so; or the session was moved to
 * before they joined). Rows made with the session (a timetable made for past days) count.
 */
function sessionRoster(db: Db, sessionId: number, startsAt: number) {
  return db
    .selectFrom('schedule_sessions as ss')
    .innerJoin('class_sessions as held', 'held.id', 'ss.class_session_id')
    .leftJoin('roll_marks as m', (join) =>
      join
        .onRef('m.class_session_id', '=', 'ss.class_session_id')
        .onRef('m.user_id', '=', 'ss.user_id'),
    )
    .where('ss.class_session_id', '=', sessionId)
    .where((eb) =>
      eb.or([
        eb('ss.created_at', '<', startsAt),
        eb('ss.created_at', '<=', eb.ref('held.created_at')),
      ]),
    );
}

/**
 * Of the students a saved roll names but its roster lacks, those who joined the class at or
 * after the session began (holding it or not): an offline save arriving later may still name
 * them, and their marks are left out without a word rather than refusing the roll.
 */
async function joinedAfter(
  db: Db,
  session: { id: number; class_id: number },
  userIds: readonly number[],
  startsAt: number,
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const [holding, joined] = await Promise.all([
    db
      .selectFrom('schedule_sessions')
      .select('user_id')
      .where('class_session_id', '=', session.id)
      .where('user_id', 'in', [...userIds])
      .execute(),
    db
      .selectFrom('class_students')
      .select('user_id')
      .where('class_id', '=', session.class_id)
      .where('user_id', 'in', [...userIds])
      .where('added_at', '>=', startsAt)
      .execute(),
  ]);
  return new Set([...holding, ...joined].map((r) => r.user_id));
}

/** A session's roll as the roll screen shows it: before it is taken, everyone present. */
export async function readRoll(db: Db, sessionId: number, timeZone: string) {
  const session = await db
    .selectFrom('class_sessions as cs')
    .innerJoin('classes as c', 'c.id', 'cs.class_id')
    .leftJoin('users as by', 'by.id', 'cs.roll_taken_by')
    .select([
      'cs.id',
      'cs.class_id',
      'c.name as class_name',
      'cs.session_date',
      'cs.session_day',
      'cs.session_time',
      'cs.cancelled_at',
      'cs.roll_taken_at',
      'cs.roll_changed_at',
      'by.name as taken_by',
    ])
    .where('cs.id', '=', sessionId)
    .executeTakeFirst();
  if (!session) return undefined;
  const students = await sessionRoster(db, sessionId, sessionStartsAt(session, timeZone))
    .innerJoin('users as u', 'u.id', 'ss.user_id')
    .select(['u.id', 'u.name', 'm.mark', 'm.note'])
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
  const { cancelled_at, roll_taken_at, roll_changed_at, taken_by, ...rest } = session;
  return {
    session: { ...rest, cancelled: cancelled_at !== null },
    taken_at: roll_taken_at === null ? null : formatTimestamp(roll_taken_at),
    taken_by: roll_taken_at === null ? null : (taken_by ?? null),
    changed_at: roll_changed_at === null ? null : formatTimestamp(roll_changed_at),
    students: students.map((s) => ({
      id: s.id,
      name: s.name,
      mark: (s.mark ?? 'present') as Mark,
      note: s.note ?? '',
    })),
  };
}

export interface RollSave {
  sessionId: number;
  marks: readonly { user_id: number; mark: Mark; note: string }[];
  by: number;
  now: number;
  /** The academy's today: a session still to come has no roll yet. */
  today: string;
  /** The academy's time zone: when the session began, for who joined the class after. */
  timeZone: string;
  rules: RollRules;
  /** The current term: only its rolls count; null: all do. */
  term: TermDays | null;
  /** Tells the students (and staff) whose standing the roll raised, in its transaction. */
  tell: Tell;
}

export type RollOutcome =
  | { refused: 'missing' }
  | { refused: 'cancelled' }
  | { refused: 'to-come' }
  | { refused: 'not-in-session'; userIds: number[] }
  | {
      counts: Record<Mark, number>;
      /** Every student of the session: who hears of the saved roll. */
      roster: number[];
      /** The students it told of a standing raised: who hear of a notification. */
      told: number[];
      /** The staff told of those students (issue 49, point 3): they hear of a notification too. */
      staff: number[];
    };

/**
 * Saves a roll in one transaction: the marks, each student's spec status for the session, when
 * the roll was taken, and a notification to each student whose standing the save raised (so
 * a roll saved is never one whose student was not told). Two saves of the same roll at once run one after the other (the
 * session's row is locked on PostgreSQL; SQLite writes one transaction at a time), so a mark
 * is never doubled and a standing is reached, and told, once.
 */
export async function saveRoll(db: Db, save: RollSave): Promise<RollOutcome> {
  return db.transaction().execute(async (trx) => {
    const select = trx
      .selectFrom('class_sessions')
      .select(['id', 'class_id', 'session_date', 'session_time', 'cancelled_at'])
      .where('id', '=', save.sessionId);
    const session = await heldOnPostgres(db, select, (q) => q.forUpdate()).executeTakeFirst();
    if (!session) return { refused: 'missing' };
    if (session.cancelled_at !== null) return { refused: 'cancelled' };
    if (session.session_date > save.today) return { refused: 'to-come' };

    const startsAt = sessionStartsAt(session, save.timeZone);
    const holders = await sessionRoster(trx, save.sessionId, startsAt)
      .select(['ss.user_id', 'm.mark'])
      .execute();
    const inSession = new Set(holders.map((h) => h.user_id));
    const outside = save.marks.filter((m) => !inSession.has(m.user_id)).map((m) => m.user_id);
    // A student who joined after the session began is never marked on it: left out, not refused.
    const late = await joinedAfter(trx, session, outside, startsAt);
    const strangers = outside.filter((id) => !late.has(id));
    if (strangers.length > 0) return { refused: 'not-in-session', userIds: strangers };

    // Named students get their mark; the others keep theirs, or are present when they have none.
    const named = new Map(
      save.marks.filter((m) => inSession.has(m.user_id)).map((m) => [m.user_id, m]),
    );
    const marks = holders
      .filter((h) => named.has(h.user_id) || h.mark === null)
      .map(
        (h) => named.get(h.user_id) ?? { user_id: h.user_id, mark: 'present' as Mark, note: '' },
      );
    // Only a student given a new absent or late can reach a standing: only they are counted.
    const had = new Map(holders.map((h) => [h.user_id, h.mark as Mark | null]));
    const userIds = marks
      .filter((m) => canRaiseStanding(had.get(m.user_id) ?? null, m.mark))
      .map((m) => m.user_id);

    // A student's standing counts every roll of the term: two rolls naming them at once (two
    // sessions' teachers) would each count without the other's mark, and both tell the same
    // standing. Held, the second counts the first's (domain/people.ts holdPeople).
    await holdPeople(trx, userIds);
    const before = await standings(trx, userIds, save);
    // One statement for the whole roll: each row new, or the student's mark replaced.
    if (marks.length > 0)
      await trx
        .insertInto('roll_marks')
        .values(
          marks.map((mark) => ({
            class_session_id: save.sessionId,
            user_id: mark.user_id,
            mark: mark.mark,
            note: mark.note,
            marked_by: save.by,
            marked_at: save.now,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['class_session_id', 'user_id']).doUpdateSet((eb) => ({
            mark: eb.ref('excluded.mark'),
            note: eb.ref('excluded.note'),
            marked_by: eb.ref('excluded.marked_by'),
            marked_at: eb.ref('excluded.marked_at'),
          })),
        )
        .execute();
    for (const status of ['Held', 'Missed'] as const) {
      const ids = marks.filter((m) => scheduleStatusOf(m.mark) === status).map((m) => m.user_id);
      if (ids.length > 0)
        await trx
          .updateTable('schedule_sessions')
          .set({ status, updated_at: save.now })
          .where('class_session_id', '=', save.sessionId)
          .where('user_id', 'in', ids)
          .execute();
    }
    await trx
      .updateTable('class_sessions')
      .set((eb) => ({
        roll_taken_at: eb.fn.coalesce('roll_taken_at', eb.val(save.now)),
        roll_taken_by: eb.fn.coalesce('roll_taken_by', eb.val(save.by)),
        roll_changed_at: save.now,
      }))
      .where('id', '=', save.sessionId)
      .execute();
    const after = await standings(trx, userIds, save);

    // The roll as saved: each holder's new mark, or the one they kept.
    const counts: Record<Mark, number> = { present: 0, late: 0, absent: 0, excused: 0 };
    for (const h of holders)
      counts[named.get(h.user_id)?.mark ?? (h.mark as Mark | null) ?? 'present'] += 1;
    const told: number[] = [];
    const crossings: Crossing[] = [];
    for (const userId of userIds) {
      const was = before.get(userId);
      const now = after.get(userId);
      const standing = was && now ? standingReached(was.standing, now.standing) : null;
      if (!standing || !now) continue;
      told.push(userId);
      crossings.push({ userId, standing, absences: now.absences });
      await save.tell(trx, {
        userId,
        topic: 'attendance',
        refId: save.sessionId,
        text: standingMessage(standing, now.absences, save.rules.absenceLimit) ?? '',
      });
    }
    const staff = await tellStaffOfCrossings(trx, {
      sessionId: save.sessionId,
      crossings,
      absenceLimit: save.rules.absenceLimit,
      tell: save.tell,
    });
    return { counts, roster: holders.map((h) => h.user_id), told, staff };
  });
}

/**
 * One student's attendance this term: the summary by the academy's rules, and every session
 * with a roll that counts (taken place, not cancelled, in the term), latest first.
 */
export async function attendanceOf(db: Db, userId: number, terms: AttendanceTerms) {
  let query = db
    .selectFrom('roll_marks as m')
    .innerJoin('class_sessions as cs', 'cs.id', 'm.class_session_id')
    .innerJoin('classes as c', 'c.id', 'cs.class_id')
    .select([
      'cs.id as class_session_id',
      'c.name as class_name',
      'cs.session_date',
      'cs.session_day',
      'cs.session_time',
      'm.mark',
      'm.note',
    ])
    .where('m.user_id', '=', userId)
    .where('cs.cancelled_at', 'is', null);
  if (terms.term !== null)
    query = query
      .where('cs.session_date', '>=', terms.term.first_day)
      .where('cs.session_date', '<=', terms.term.last_day);
  const rows = await query
    .orderBy('cs.session_date', 'desc')
    .orderBy('cs.session_time', 'desc')
    .execute();
  const sessions = rows.map((row) => ({ ...row, mark: row.mark as Mark }));
  return {
    summary: summarizeAttendance(
      sessions.map((s) => s.mark),
      terms.rules,
    ),
    sessions,
  };
}

/**
 * Each student's attendance this term (or the term given): their marks on sessions that took
 * place, across their classes. The result sheet reads its absence rule from it.
 */
export async function standings(db: Db, userIds: readonly number[], terms: AttendanceTerms) {
  const byStudent = new Map<number, Mark[]>(userIds.map((id) => [id, []]));
  if (userIds.length > 0) {
    let query = db
      .selectFrom('roll_marks as m')
      .innerJoin('class_sessions as cs', 'cs.id', 'm.class_session_id')
      .select(['m.user_id', 'm.mark'])
      .where('m.user_id', 'in', [...userIds])
      .where('cs.cancelled_at', 'is', null);
    if (terms.term !== null)
      query = query
        .where('cs.session_date', '>=', terms.term.first_day)
        .where('cs.session_date', '<=', terms.term.last_day);
    for (const row of await query.execute()) byStudent.get(row.user_id)?.push(row.mark as Mark);
  }
  return new Map(
    [...byStudent].map(([userId, marks]) => [userId, summarizeAttendance(marks, terms.rules)]),
  );
}

/** The academy's rules and current term, as every attendance figure counts them. */
export interface AttendanceTerms {
  rules: RollRules;
  /** The current term (issue 30): only its sessions count; null: every roll counts. */
  term: TermDays | null;
}

/**
 * A class's attendance this term (issue 29, point 9): the sessions of the term whose roll was
 * taken (not cancelled), in date order, and today's members with their mark on each, their
 * rate and absences over this class's rolls. Three queries whatever the class's size.
 */
export async function classAttendance(db: Db, classId: number, terms: AttendanceTerms) {
  let sessionsQuery = db
    .selectFrom('class_sessions')
    .select(['id', 'session_date', 'session_day', 'session_time'])
    .where('class_id', '=', classId)
    .where('cancelled_at', 'is', null)
    .where('roll_taken_at', 'is not', null);
  if (terms.term !== null)
    sessionsQuery = sessionsQuery
      .where('session_date', '>=', terms.term.first_day)
      .where('session_date', '<=', terms.term.last_day);
  const [sessions, members] = await Promise.all([
    sessionsQuery.orderBy('session_date').orderBy('session_time').orderBy('id').execute(),
    db
      .selectFrom('class_students as cs')
      .innerJoin('users as u', 'u.id', 'cs.user_id')
      .select(['u.id', 'u.name'])
      .where('cs.class_id', '=', classId)
      .orderBy('u.name')
      .orderBy('u.id')
      .execute(),
  ]);
  const column = new Map(sessions.map((s, i) => [s.id, i]));
  const marks =
    sessions.length > 0 && members.length > 0
      ? await db
          .selectFrom('roll_marks')
          .select(['class_session_id', 'user_id', 'mark', 'note'])
          .where(
            'class_session_id',
            'in',
            sessions.map((s) => s.id),
          )
          .execute()
      : [];
  const rows = new Map(members.map((m) => [m.id, sessions.map((): Mark | null => null)]));
  // The roll's notes, beside the marks (issue 49): '' where there is none.
  const notes = new Map(members.map((m) => [m.id, sessions.map(() => '')]));
  for (const m of marks) {
    const row = rows.get(m.user_id);
    const at = column.get(m.class_session_id);
    if (row && at !== undefined) row[at] = m.mark as Mark;
    const noteRow = notes.get(m.user_id);
    if (noteRow && at !== undefined) noteRow[at] = m.note ?? '';
  }
  return {
    sessions,
    students: members.map((member) => {
      const row = rows.get(member.id) ?? [];
      const summary = summarizeAttendance(
        row.filter((mark): mark is Mark => mark !== null),
        terms.rules,
      );
      return {
        ...member,
        marks: row,
        notes: notes.get(member.id) ?? [],
        rate: summary.rate,
        absences: summary.absences,
        standing: summary.standing,
      };
    }),
  };
}

/**
 * The marks that can make an absence, in the words of the partial index roll_marks_absences
 * (migration 0028): SQLite uses a partial index only for a WHERE with the same expression,
 * literals and all (bound parameters do not match it).
 */
const ABSENCE_MARKS = sql<boolean>`m.mark in ('absent', 'late')`;

/**
 * How many absent and late marks each student has this term (or ever, with no term), over all
 * their classes: only those marks are read, from their own index, and a mark counts unless its
 * session is one of the few that do not (cancelled, or outside the term), a set looked up
 * rather than a join per mark. The warning list and the result sheet's absence rule both count
 * with it.
 */
export function absenceCounts(db: Db, term: TermDays | null) {
  const notCounted = db
    .selectFrom('class_sessions')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('cancelled_at', 'is not', null),
        ...(term === null
          ? []
          : [eb('session_date', '<', term.first_day), eb('session_date', '>', term.last_day)]),
      ]),
    );
  return db
    .selectFrom('roll_marks as m')
    .select([
      'm.user_id',
      sql<number | string>`count(*) filter (where m.mark = 'absent')`.as('absent'),
      sql<number | string>`count(*) filter (where m.mark = 'late')`.as('late'),
    ])
    .where(ABSENCE_MARKS)
    .where('m.class_session_id', 'not in', notCounted)
    .groupBy('m.user_id');
}

/**
 * The students at or over the warning threshold this term (the limit when there is no
 * warning; nobody when there is neither), most absences first, then by account (oldest
 * first); a teacher's: their classes' students. Only the absent and late marks are counted, read in student order
 * from their own index, and only the students at the threshold leave the database; a mark
 * counts unless its session is one of the few that do not (cancelled, or outside the term),
 * which is a set looked up rather than a join per mark. The rates and classes are read for
 * the students listed (describeWarned).
 */
export async function attendanceWarnings(
  db: Db,
  terms: AttendanceTerms,
  within: Within,
): Promise<{ id: number; absences: number }[]> {
  const { rules, term } = terms;
  const threshold = rules.warningAt ?? rules.absenceLimit;
  if (threshold === null) return [];
  const absent = sql<number>`count(*) filter (where m.mark = 'absent')`;
  const late = sql<number>`count(*) filter (where m.mark = 'late')`;
  // The rules are checked whole numbers (rollRulesProblem): written into the statement, so
  // that count / lates is a whole division on both databases.
  const absences =
    rules.latesPerAbsence > 0
      ? sql<number>`${absent} + ${late} / ${sql.lit(Math.trunc(rules.latesPerAbsence))}`
      : absent;
  let query = absenceCounts(db, term).having(
    sql<boolean>`${absences} >= ${sql.lit(Math.trunc(threshold))}`,
  );
  if (within !== undefined) query = query.where('m.user_id', 'in', taughtStudents(db, within));
  const counted = await query.execute();
  return counted
    .map((row) => ({
      id: row.user_id,
      absences:
        Number(row.absent) +
        (rules.latesPerAbsence > 0 ? Math.floor(Number(row.late) / rules.latesPerAbsence) : 0),
    }))
    .sort((a, b) => b.absences - a.absences || a.id - b.id);
}

/** The warned students' names, classes and rates (the page the list shows, or the CSV's all). */
export async function describeWarned(
  db: Db,
  warned: { id: number; absences: number }[],
  terms: AttendanceTerms,
) {
  if (warned.length === 0) return [];
  const ids = warned.map((w) => w.id);
  // The CSV lists every warned student: their ids go in slices, never one list longer than a
  // statement may bind.
  const users: { id: number; name: string }[] = [];
  const classes: { user_id: number; name: string }[] = [];
  const marks: { user_id: number; mark: string; n: number | string | bigint }[] = [];
  for (const slice of inSlices(ids)) {
    let counts = db
      .selectFrom('roll_marks as m')
      .innerJoin('class_sessions as cs', 'cs.id', 'm.class_session_id')
      .select((eb) => ['m.user_id', 'm.mark', eb.fn.countAll<number>().as('n')])
      .where('m.user_id', 'in', slice)
      .where('cs.cancelled_at', 'is', null)
      .groupBy(['m.user_id', 'm.mark']);
    if (terms.term !== null)
      counts = counts
        .where('cs.session_date', '>=', terms.term.first_day)
        .where('cs.session_date', '<=', terms.term.last_day);
    const [named, placed, counted] = await Promise.all([
      db.selectFrom('users').select(['id', 'name']).where('id', 'in', slice).execute(),
      db
        .selectFrom('class_students as cs')
        .innerJoin('classes as c', 'c.id', 'cs.class_id')
        .select(['cs.user_id', 'c.name'])
        .where('cs.user_id', 'in', slice)
        .where('c.is_archived', '=', 0)
        .orderBy('c.name')
        .execute(),
      counts.execute(),
    ]);
    users.push(...named);
    classes.push(...placed);
    marks.push(...counted);
  }
  const nameOf = new Map(users.map((u) => [u.id, u.name]));
  // By student once, not a scan of every row for each (the CSV lists them all).
  const countsOf = new Map<number, Record<Mark, number>>();
  for (const { user_id, mark, n } of marks) {
    const counts = countsOf.get(user_id) ?? { present: 0, late: 0, absent: 0, excused: 0 };
    counts[mark as Mark] += Number(n);
    countsOf.set(user_id, counts);
  }
  const classesOf = new Map<number, string[]>();
  for (const { user_id, name } of classes)
    classesOf.set(user_id, [...(classesOf.get(user_id) ?? []), name]);
  return warned.map(({ id }) => {
    const summary = summarizeCounts(
      countsOf.get(id) ?? { present: 0, late: 0, absent: 0, excused: 0 },
      terms.rules,
    );
    return {
      id,
      name: nameOf.get(id) ?? '',
      classes: classesOf.get(id) ?? [],
      absences: summary.absences,
      rate: summary.rate,
      standing: summary.standing,
    };
  });
}
