import {
  FEEDBACK_SCREENS,
  type FeedbackScreen,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationTopic,
} from '@academy/contract';
import { ROLE_ID } from '@academy/contract/constants';
import { taughtStudents, type Within } from '../../auth/reach.js';
import type { Db } from '../../db/index.js';
import { containsText, fetchPage } from '../../db/lists.js';
import { formatTimestamp } from '../../db/time.js';

const asFlag = (value: number) => (value === 1 ? (1 as const) : (0 as const));
/** The column holds only what `tell` writes (a NotificationTopic, domain/tell.ts) or null. */
const asTopic = (value: string | null) => value as NotificationTopic | null;

/** Whether the account is a student's (an administrator reads only a student's list for them). */
export async function isStudent(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('role_id', '=', ROLE_ID.user)
    .executeTakeFirst();
  return row !== undefined;
}

/** Someone's own notifications (a student's, or, issue 49, staff's), newest first (at most 500); only the unread ones when asked. */
export async function listOwnNotifications(db: Db, userId: number, onlyUnread: boolean) {
  const query = db
    .selectFrom('notifications')
    .select(['id', 'message', 'created_at', 'is_read', 'topic', 'ref_id'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(500);
  const rows = await (onlyUnread ? query.where('is_read', '=', 0) : query).execute();
  return rows.map((r) => ({
    ...r,
    created_at: formatTimestamp(r.created_at),
    is_read: asFlag(r.is_read),
    topic: asTopic(r.topic),
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

/** Every topic some feedback screen counts, read from FEEDBACK_SCREENS so they stay in step. */
const COUNTED_TOPICS = [...new Set(Object.values(FEEDBACK_SCREENS).flat())];

/**
 * The home's counts: for each screen that shows feedback, the notifications of its topics
 * the student has not opened a screen showing since (FEEDBACK_SCREENS). Read from the
 * partial index notifications_to_open alone (migration 0022).
 */
export async function feedbackNews(
  db: Db,
  userId: number,
): Promise<Record<FeedbackScreen, number>> {
  const rows = await db
    .selectFrom('notifications')
    .select((eb) => ['topic', eb.fn.countAll<number | string>().as('n')])
    .where('user_id', '=', userId)
    .where('topic', 'in', COUNTED_TOPICS)
    .where('opened_at', 'is', null)
    .groupBy('topic')
    .execute();
  const count = (topics: readonly NotificationTopic[]) =>
    rows
      .filter((r) => topics.includes(asTopic(r.topic) as NotificationTopic))
      .reduce((sum, r) => sum + Number(r.n), 0);
  return {
    assignment_results: count(FEEDBACK_SCREENS.assignment_results),
    skill_builder: count(FEEDBACK_SCREENS.skill_builder),
    results: count(FEEDBACK_SCREENS.results),
  };
}

/**
 * The student opened a screen that shows feedback: what it shows is seen on every device,
 * and its notifications are read (the student has read what they told of).
 */
export async function markFeedbackOpened(
  db: Db,
  userId: number,
  screen: FeedbackScreen,
  now: number,
): Promise<void> {
  const topics = [...FEEDBACK_SCREENS[screen]];
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('notifications')
      .set({ is_read: 1, read_at: now })
      .where('user_id', '=', userId)
      .where('topic', 'in', topics)
      .where('opened_at', 'is', null)
      .where('is_read', '=', 0)
      .execute();
    await trx
      .updateTable('notifications')
      .set({ opened_at: now })
      .where('user_id', '=', userId)
      .where('topic', 'in', topics)
      .where('opened_at', 'is', null)
      .execute();
  });
}

/**
 * New words for every copy of a sent-to-many notification; read states stay. A sending still
 * being written (sending-notifications.ts) takes the new words for the copies it has yet to
 * write: its row is changed first, which on PostgreSQL waits for a slice being written, so
 * no copy keeps the old words.
 */
export async function rewordSentNotifications(db: Db, sendingId: number, message: string) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('unfinished_sendings')
      .set({ message })
      .where('sending_id', '=', sendingId)
      .execute();
    await trx
      .updateTable('notifications')
      .set({ message })
      .where('sending_id', '=', sendingId)
      .execute();
  });
}

/**
 * The admin's list: newest first, by part of the user's name and read state, paged in SQL.
 * Matching names are found by a subquery among the (few) users, so the notifications query
 * stays an index walk even with millions of rows.
 */
export async function listAllNotifications(
  db: Db,
  options: {
    userId?: number;
    search?: string;
    status: 'all' | 'read' | 'unread';
    page: number;
    /** Whose: every user's, or a teacher's students' (issue 29). */
    within?: Within;
  },
) {
  let query = db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select([
      'n.id',
      'n.user_id',
      'u.name as user_name',
      'n.message',
      'n.created_at',
      'n.is_read',
      'n.topic',
      'n.ref_id',
    ]);
  if (options.userId) query = query.where('n.user_id', '=', options.userId);
  if (options.within !== undefined)
    query = query.where('n.user_id', 'in', taughtStudents(db, options.within));
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
      topic: asTopic(r.topic),
    })),
  };
}
