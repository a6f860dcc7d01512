import type { Kysely } from 'kysely';

/**
 * Quiet hours (features/settings): from and to, 'HH:MM' in the academy's time zone, during
 * which a new notification's popup plays no sound. Both null: none (the default).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('academy_settings').addColumn('quiet_hours_from', 'text').execute();
  await db.schema.alterTable('academy_settings').addColumn('quiet_hours_to', 'text').execute();
}
