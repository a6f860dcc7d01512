import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 31: a notification to many is written a slice of students at a time, each slice its
 * own transaction, so that a send to the whole academy does not hold the database (SQLite's one
 * connection) for the second it takes to write. While it is being written, its sending has a
 * row here: the words, every student it goes to (a JSON array of ids, fixed when it was sent),
 * how many of them are written, and until when the writer at work holds it. The row goes in
 * the transaction that writes the last slice; one left behind by a writer that died is
 * finished by another once its hold lapses (features/notifications/sending-finisher.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const time = dialectOf(db) === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('unfinished_sendings')
    .addColumn('sending_id', 'integer', (c) =>
      c.primaryKey().references('sendings.id').onDelete('cascade'),
    )
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('user_ids', 'text', (c) => c.notNull())
    .addColumn('written', 'integer', (c) => c.notNull())
    .addColumn('held_until', time, (c) => c.notNull())
    .execute();
}
