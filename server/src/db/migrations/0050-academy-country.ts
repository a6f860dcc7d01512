import type { Kysely } from 'kysely';

/**
 * Issue 49, point 17: the academy's country (ISO 3166 alpha-2, such as 'IR'), set on Settings.
 * Phone numbers typed the local way are read in it and kept in E.164; the examples shown are
 * its own. Null until an administrator saves one: the academy's time zone suggests it then.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('academy_settings').addColumn('country', 'text').execute();
}
