import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Login throttling counts in one row per key and window, reserved with one atomic upsert
 * before the password is checked (auth/throttle.ts). They replace `login_failures`, one row
 * per failure that was counted and then inserted after the check: two requests at once both
 * passed the count. The failures of the last 15 minutes are not carried over: at worst a
 * guesser gets one fresh window at the moment of the upgrade.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const time = dialectOf(db) === 'postgres' ? 'bigint' : 'integer';
  await db.schema.dropTable('login_failures').execute();
  await db.schema
    .createTable('login_attempts')
    // 'pair' (username at an address), 'username' (over all addresses) or 'address'; the key
    // part a scope does not use is ''.
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('window_start', time, (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('login_attempts_key', ['scope', 'username', 'address'])
    .execute();
  // Trimming old rows reads this index, not the table.
  await db.schema
    .createIndex('login_attempts_window')
    .on('login_attempts')
    .column('window_start')
    .execute();
}
