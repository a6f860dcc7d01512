import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 31, point 3: "Forgot password?" links. A row per link sent: only the SHA-256 of its
 * token (never the token, so a copy of the database opens no account), when it was made, until
 * when it works, and when it was used (or made void by another link of the person's being
 * used). Used rows stay until they are old, so a link opened twice says it was used rather
 * than that it was never sent. The rows go with their user.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const time = postgres ? 'bigint' : 'integer';
  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('used_at', time)
    .execute();
  await db.schema
    .createIndex('password_resets_user')
    .on('password_resets')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('password_resets_created')
    .on('password_resets')
    .column('created_at')
    .execute();
}
