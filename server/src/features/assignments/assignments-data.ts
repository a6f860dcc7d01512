import { ASSIGNMENTS_PAGE_SIZE } from '@academy/contract';
import { sql } from 'kysely';
import { taughtStudents, type Within } from '../../auth/reach.js';
import type { Db } from '../../db/index.js';
import { containsText, fetchPage, inSlices } from '../../db/lists.js';
import { formatOptionalTimestamp, formatTimestamp } from '../../db/time.js';
import { createSending } from '../../domain/sendings.js';
import { quoted, type Tell } from '../../domain/tell.js';
import { firstSubmittedAt, workFields } from './work-fields.js';

export interface AssignmentFilter {
  userId?: number;
  read: 'all' | 'read' | 'unread';
  q?: string;
  page: number;
  /** Whose: every student's, or a teacher's students' (issue 29). */
  within?: Within;
}

/** View Assignments: newest first, filtered and paged in SQL. */
export async function listAssignments(db: Db, filter: AssignmentFilter, now: number) {
  let query = db.selectFrom('assignments as a').innerJoin('users as u', 'u.id', 'a.user_id');
  if (filter.within !== undefined)
    query = query.where('a.user_id', 'in', taughtStudents(db, filter.within));
  if (filter.userId !== undefined) query = query.where('a.user_id', '=', filter.userId);
  if (filter.read !== 'all') query = query.where('a.is_read', '=', filter.read === 'read' ? 1 : 0);
  if (filter.q) {
    const q = filter.q;
    query = query.where((eb) =>
      eb.or([containsText('a.title', q), containsText('a.description', q)]),
    );
  }
  const { rows, hasMore } = await fetchPage(
    query
      .select([
        'a.id',
        'a.user_id',
        'a.title',
        'u.name as student_name',
        'a.description',
        'a.created_at',
        'a.is_read',
        'a.read_at',
        'a.due_at',
        firstSubmittedAt('a.id').as('submitted_at'),
      ])
      .orderBy('a.id', 'desc'),
    filter.page,
    ASSIGNMENTS_PAGE_SIZE,
  );
  const links = await linksOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    hasMore,
    assignments: rows.map((r) => ({
      ...r,
      is_read: r.is_read === 1 ? (1 as const) : (0 as const),
      created_at: formatTimestamp(r.created_at),
      read_at: formatOptionalTimestamp(r.read_at),
      file_links: links.get(r.id) ?? [],
      ...workFields(r, now),
    })),
  };
}

/** The links of several assignments at once, in their order. */
export async function linksOf(db: Db, assignmentIds: number[]) {
  const byAssignment = new Map<number, { title: string; url: string }[]>();
  if (assignmentIds.length === 0) return byAssignment;
  const rows = await db
    .selectFrom('assignment_links')
    .select(['assignment_id', 'title', 'url'])
    .where('assignment_id', 'in', assignmentIds)
    .orderBy('assignment_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    byAssignment.set(row.assignment_id, [
      ...(byAssignment.get(row.assignment_id) ?? []),
      { title: row.title, url: row.url },
    ]);
  }
  return byAssignment;
}

/** What is sent: the same title, description and links to each student. */
export interface NewAssignment {
  title: string;
  description: string;
  links: { title: string; url: string }[];
  adminId: number;
  /** When the work is due; null: no due time. */
  dueAt?: number | null;
}

/**
 * Sends an assignment: one row per student (the spec's calls read those), with its own copy
 * of the links. To many students, the rows also name one sending (features/sendings), the
 * item the administrator follows and edits. All or nothing.
 */
export async function sendAssignment(
  db: Db,
  to: { userIds: number[]; many: { words: string; classId: number | null } | null },
  assignment: NewAssignment,
  now: number,
  tell: Tell,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const sendingId = to.many
      ? await createSending(
          trx,
          { kind: 'assignment', ...to.many, adminId: assignment.adminId },
          now,
        )
      : null;
    for (const userIds of inSlices(to.userIds)) {
      const rows = await trx
        .insertInto('assignments')
        .values(
          userIds.map((userId) => ({
            user_id: userId,
            title: assignment.title,
            description: assignment.description,
            created_at: now,
            read_at: null,
            created_by: assignment.adminId,
            due_at: assignment.dueAt ?? null,
            sending_id: sendingId,
          })),
        )
        .returning(['id', 'user_id'])
        .execute();
      await insertLinks(
        trx,
        rows.map((r) => r.id),
        assignment.links,
      );
      // A new assignment reaches a student whose app is closed as they chose (issue 31); in
      // the app, it is in their list.
      await tell(
        trx,
        rows.map((r) => ({
          userId: r.user_id,
          topic: 'assignment' as const,
          refId: r.id,
          text: `New assignment: ${quoted(assignment.title)}.`,
        })),
      );
    }
  });
}

async function insertLinks(db: Db, assignmentIds: number[], links: NewAssignment['links']) {
  if (links.length === 0) return;
  const rows = assignmentIds.flatMap((assignmentId) =>
    links.map((link, position) => ({
      assignment_id: assignmentId,
      position,
      title: link.title,
      url: link.url,
    })),
  );
  for (const slice of inSlices(rows))
    await db.insertInto('assignment_links').values(slice).execute();
}

/** A sent-to-many assignment's text and links, as every copy has them. */
export async function sentAssignmentText(db: Db, sendingId: number) {
  const first = await db
    .selectFrom('assignments')
    .select(['id', 'title', 'description'])
    .where('sending_id', '=', sendingId)
    .orderBy('id')
    .executeTakeFirst();
  if (!first) return undefined;
  return {
    title: first.title,
    description: first.description,
    file_links: (await linksOf(db, [first.id])).get(first.id) ?? [],
  };
}

/**
 * New text and links for every copy of a sent-to-many assignment, and its due time when one
 * is given (null removes it); read states and what was handed in stay. Links are replaced
 * whole, as the edit form sends them.
 */
export async function rewriteSentAssignments(
  db: Db,
  sendingId: number,
  change: {
    title: string;
    description: string;
    links: NewAssignment['links'];
    /** Absent: unchanged. */
    dueAt?: number | null;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('assignments')
      .set({
        title: change.title,
        description: change.description,
        ...(change.dueAt === undefined ? {} : { due_at: change.dueAt }),
      })
      .where('sending_id', '=', sendingId)
      .returning('id')
      .execute();
    const ids = rows.map((r) => r.id);
    for (const slice of inSlices(ids))
      await trx.deleteFrom('assignment_links').where('assignment_id', 'in', slice).execute();
    for (const slice of inSlices(ids)) await insertLinks(trx, slice, change.links);
  });
}

/** Marks an assignment read (the first time only: 'Read on' keeps the first reading). */
export async function markRead(
  db: Db,
  assignmentId: number,
  now: number,
  ownerId?: number,
): Promise<{ studentId: number } | null> {
  let query = db
    .selectFrom('assignments')
    .select(['id', 'user_id', 'is_read'])
    .where('id', '=', assignmentId);
  if (ownerId !== undefined) query = query.where('user_id', '=', ownerId);
  const assignment = await query.executeTakeFirst();
  if (!assignment) return null;
  if (assignment.is_read === 0) {
    await db
      .updateTable('assignments')
      .set({ is_read: 1, read_at: now })
      .where('id', '=', assignmentId)
      .where('is_read', '=', 0)
      .execute();
  }
  return { studentId: assignment.user_id };
}

/** Removes an assignment (its links go with it); the student it was for, or null if none. */
export async function removeAssignment(db: Db, assignmentId: number): Promise<number | null> {
  const removed = await db
    .deleteFrom('assignments')
    .where('id', '=', assignmentId)
    .returning('user_id')
    .executeTakeFirst();
  return removed?.user_id ?? null;
}

/** A student's own assignments, newest first. */
export async function listOwnAssignments(db: Db, userId: number, now: number) {
  const rows = await db
    .selectFrom('assignments as a')
    .select([
      'a.id',
      'a.title',
      'a.description',
      'a.created_at',
      'a.is_read',
      'a.due_at',
      firstSubmittedAt('a.id').as('submitted_at'),
    ])
    .where('a.user_id', '=', userId)
    .orderBy('a.id', 'desc')
    .limit(500)
    .execute();
  const links = await linksOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    is_read: r.is_read === 1 ? (1 as const) : (0 as const),
    created_at: formatTimestamp(r.created_at),
    file_links: links.get(r.id) ?? [],
    ...workFields(r, now),
  }));
}

/** Whether the assignment exists and was sent to this student. */
export async function isOwnAssignment(
  db: Db,
  assignmentId: number,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('assignments')
    .select('id')
    .where('id', '=', assignmentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The home badge: how many assignments the student has not opened. */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('assignments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Assignments sent and not yet opened by their student, counted in an index of the unread ones
 * (assignments_unread, migration 0040). The 0 is written into the SQL, not bound: bound,
 * SQLite decides again at every run that the partial index applies, and the count took twice
 * as long (docs/decisions.md).
 */
export async function countUnreadAssignments(db: Db): Promise<number> {
  const row = await db
    .selectFrom('assignments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('is_read', '=', sql.lit(0))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One student's assignments: how many, how many unread, and the newest `limit` (the student's page). */
export async function summariseStudentAssignments(
  db: Db,
  userId: number,
  limit: number,
  now: number,
) {
  const [counts, latest] = await Promise.all([
    db
      .selectFrom('assignments')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('total'),
        eb.fn
          .sum<number | string | null>(eb.case().when('is_read', '=', 0).then(1).else(0).end())
          .as('unread'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('assignments')
      .select([
        'id',
        'title',
        'description',
        'created_at',
        'is_read',
        'read_at',
        'due_at',
        firstSubmittedAt('assignments.id').as('submitted_at'),
      ])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return {
    total: Number(counts?.total ?? 0),
    unread: Number(counts?.unread ?? 0),
    latest: latest.map((r) => ({
      ...r,
      is_read: r.is_read === 1 ? (1 as const) : (0 as const),
      created_at: formatTimestamp(r.created_at),
      read_at: formatOptionalTimestamp(r.read_at),
      ...workFields(r, now),
    })),
  };
}
