import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/** Who changed what, and when: one row per successful admin write. */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_user_id', 'integer')
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', pg ? 'bigint' : 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_action')
    .on('audit_log')
    .columns(['action', 'id'])
    .execute();
}
