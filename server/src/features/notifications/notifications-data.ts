import { NOTIFICATIONS_PAGE_SIZE } from '@academy/contract';
import { ROLE_ID } from '@academy/contract/constants';
import type { Db } from '../../db/index.js';
import { containsText, fetchPage } from '../../db/lists.js';
import { formatTimestamp } from '../../db/time.js';

const asFlag = (value: number) => (value === 1 ? (1 as const) : (0 as const));

/** A student's notifications, newest first (at most 500); only the unread ones when asked. */
export async function listOwnNotifications(db: Db, userId: number, onlyUnread: boolean) {
  const query = db
    .selectFrom('notifications')
    .select(['id', 'message', 'created_at', 'is_read'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(500);
  const rows = await (onlyUnread ? query.where('is_read', '=', 0) : query).execute();
  return rows.map((r) => ({
    ...r,
    created_at: formatTimestamp(r.created_at),
    is_read: asFlag(r.is_read),
  }));
}

/**
 * Which unread notifications a student has, in a few characters: how many, and the newest id.
 * Notifications are only ever added (with a higher id) or marked read, so the unread ones
 * below any id can only shrink, and equal counts and newest ids mean the same set. Answered
 * from the (user_id, is_read, id) index alone.
 */
export async function unreadVersion(db: Db, userId: number): Promise<string> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('top')])
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .executeTakeFirst();
  return `unread-${userId}-${Number(row?.n ?? 0)}-${Number(row?.top ?? 0)}`;
}

/** Marks one of the caller's notifications read; false if it is not theirs (or does not exist). */
export async function markOwnRead(
  db: Db,
  notificationId: number,
  userId: number,
  now: number,
): Promise<boolean> {
  const mine = await db
    .selectFrom('notifications')
    .select(['id', 'is_read'])
    .where('id', '=', notificationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!mine) return false;
  if (mine.is_read === 0) {
    await db
      .updateTable('notifications')
      .set({ is_read: 1, read_at: now })
      .where('id', '=', notificationId)
      .execute();
  }
  return true;
}

/** Marks every unread notification of the caller's read, in one statement; how many it marked. */
export async function markAllOwnRead(db: Db, userId: number, now: number): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ is_read: 1, read_at: now })
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** One notification to one student, or to every active student in one statement. Returns how many. */
export async function sendNotification(
  db: Db,
  to: number | 'all',
  message: string,
  now: number,
): Promise<number> {
  if (to === 'all') {
    const result = await db
      .insertInto('notifications')
      .columns(['user_id', 'message', 'created_at', 'is_read'])
      .expression((eb) =>
        eb
          .selectFrom('users')
          .select((s) => [
            'id',
            s.val(message).as('message'),
            s.val(now).as('created_at'),
            s.val(0).as('is_read'),
          ])
          .where('role_id', '=', ROLE_ID.user)
          .where('is_active', '=', 1),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  await db
    .insertInto('notifications')
    .values({ user_id: to, message, created_at: now, read_at: null })
    .execute();
  return 1;
}

/**
 * The admin's list: newest first, by part of the user's name and read state, paged in SQL.
 * Matching names are found by a subquery among the (few) users, so the notifications query
 * stays an index walk even with millions of rows.
 */
export async function listAllNotifications(
  db: Db,
  options: { userId?: number; search?: string; status: 'all' | 'read' | 'unread'; page: number },
) {
  let query = db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.id', 'n.user_id', 'u.name as user_name', 'n.message', 'n.created_at', 'n.is_read']);
  if (options.userId) query = query.where('n.user_id', '=', options.userId);
  if (options.search) {
    // A subquery, not a list of ids: a common name part can match more users than SQLite
    // takes bound variables in one statement.
    const search = options.search;
    query = query.where('n.user_id', 'in', (eb) =>
      eb.selectFrom('users as m').select('m.id').where(containsText('m.name', search)),
    );
  }
  if (options.status !== 'all')
    query = query.where('n.is_read', '=', options.status === 'read' ? 1 : 0);
  const { rows, hasMore } = await fetchPage(
    query.orderBy('n.id', 'desc'),
    options.page,
    NOTIFICATIONS_PAGE_SIZE,
  );
  return {
    hasMore,
    rows: rows.map((r) => ({
      ...r,
      created_at: formatTimestamp(r.created_at),
      is_read: asFlag(r.is_read),
    })),
  };
}
