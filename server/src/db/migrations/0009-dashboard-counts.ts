import type { Kysely } from 'kysely';

/**
 * The admin dashboard's counts (features/dashboard): unread assignments are counted through
 * an index on is_read, and "no correction sent to this student since" is one probe of
 * corrections by (user_id, created_at) per submission or speaking answer.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('assignments_read').on('assignments').column('is_read').execute();
  await db.schema
    .createIndex('corrections_user_time')
    .on('corrections')
    .columns(['user_id', 'created_at'])
    .execute();
}
