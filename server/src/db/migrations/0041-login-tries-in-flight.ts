import type { Kysely } from 'kysely';

/**
 * Issue 48, point 1: an address's tries are counted as failures only once they have failed.
 * The address rule reserved each try as a failure before its password was checked and gave it
 * back on success, so forty students signing in at once behind the academy's Wi-Fi held thirty
 * "failures" between them and the rest were slowed down though none had failed. The tries
 * being checked now have their own count (auth/throttle.ts): they hold the address's free
 * failures' places while they run, and a try that finds every place held waits for one.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('login_attempts')
    .addColumn('in_flight', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
