import { ASSIGNMENTS_PAGE_SIZE } from '@academy/contract';
import type { Db } from '../../db/index.js';
import { containsText, fetchPage } from '../../db/lists.js';
import { formatOptionalTimestamp, formatTimestamp } from '../../db/time.js';

export interface AssignmentFilter {
  userId?: number;
  read: 'all' | 'read' | 'unread';
  q?: string;
  page: number;
}

/** The admin's list: newest first, filtered and paged in SQL. */
export async function listAssignments(db: Db, filter: AssignmentFilter) {
  let query = db.selectFrom('assignments as a').innerJoin('users as u', 'u.id', 'a.user_id');
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

export async function createAssignment(
  db: Db,
  assignment: {
    userId: number;
    title: string;
    description: string;
    links: { title: string; url: string }[];
    adminId: number;
  },
  now: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('assignments')
      .values({
        user_id: assignment.userId,
        title: assignment.title,
        description: assignment.description,
        created_at: now,
        read_at: null,
        created_by: assignment.adminId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (assignment.links.length > 0) {
      await trx
        .insertInto('assignment_links')
        .values(
          assignment.links.map((link, position) => ({
            assignment_id: row.id,
            position,
            title: link.title,
            url: link.url,
          })),
        )
        .execute();
    }
    return row.id;
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
export async function listOwnAssignments(db: Db, userId: number) {
  const rows = await db
    .selectFrom('assignments')
    .select(['id', 'title', 'description', 'created_at', 'is_read'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
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
  }));
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

/** Assignments sent and not yet opened by their student (the index on is_read). */
export async function countUnreadAssignments(db: Db): Promise<number> {
  const row = await db
    .selectFrom('assignments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('is_read', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One student's assignments: how many, how many unread, and the newest `limit` (the student's page). */
export async function summariseStudentAssignments(db: Db, userId: number, limit: number) {
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
      .select(['id', 'title', 'description', 'created_at', 'is_read', 'read_at'])
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
    })),
  };
}
