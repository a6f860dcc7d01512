import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Feedback the student is told of (issue 27, points 11 and 19; features/notifications).
 * - `notifications.topic`: what a notification the app wrote itself is about ('correction',
 *   'spoken_reply', 'teacher_cards', 'reminder'); null for an administrator's own message.
 * - `notifications.ref_id`: the record it names (the reminder's assignment, the correction,
 *   the answer replied to, the card), so the app can open it.
 * - `notifications.opened_at`: when the student opened the screen it names. Assignment
 *   Results' and Skill Builder's counts are the notifications of their topic not yet opened:
 *   kept on the server, so every device shows the same.
 * - A partial index on what is still to be opened: each count is read from it alone.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const time = dialectOf(db) === 'postgres' ? 'bigint' : 'integer';
  await db.schema.alterTable('notifications').addColumn('topic', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('ref_id', 'integer').execute();
  await db.schema.alterTable('notifications').addColumn('opened_at', time).execute();
  await db.schema
    .createIndex('notifications_to_open')
    .on('notifications')
    .columns(['user_id', 'topic', 'opened_at'])
    .where('opened_at', 'is', null)
    .execute();
}
