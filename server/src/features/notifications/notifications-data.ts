import { NOTIFICATIONS_PAGE_SIZE } from '@academy/contract';
import type { Db } from '../../db/index.js';
import { containsText, fetchPage } from '../../db/lists.js';
import { formatTimestamp } from '../../db/time.js';
import { createSending, inSlices } from '../sendings/sendings-data.js';

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

/**
 * Sends a notification: one row per student (the spec's calls read those). To many
 * students, the rows also name one sending (features/sendings), the item the administrator
 * follows and edits. All or nothing.
 */
export async function sendNotification(
  db: Db,
  to: { userIds: number[]; many: { words: string; classId: number | null } | null },
  message: string,
  adminId: number,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const sendingId = to.many
      ? await createSending(trx, { kind: 'notification', ...to.many, adminId }, now)
      : null;
    for (const userIds of inSlices(to.userIds)) {
      await trx
        .insertInto('notifications')
        .values(
          userIds.map((userId) => ({
            user_id: userId,
            message,
            created_at: now,
            read_at: null,
            sending_id: sendingId,
          })),
        )
        .execute();
    }
  });
}

/** New words for every copy of a sent-to-many notification; read states stay. */
export async function rewordSentNotifications(db: Db, sendingId: number, message: string) {
  await db
    .updateTable('notifications')
    .set({ message })
    .where('sending_id', '=', sendingId)
    .execute();
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
