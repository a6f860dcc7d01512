import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 31, point 5: each person's private calendar address. One row a person: the SHA-256 of
 * the address's token (never the token, so a copy of the database reveals no address), when it
 * was made and when a calendar app last read it. A new address replaces the row's hash, so the
 * old address finds nothing at once; the row goes with its user.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const time = dialectOf(db) === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('last_read_at', time)
    .execute();
}
