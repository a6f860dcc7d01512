import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * The academy's settings, set by an administrator (features/settings): one row, id 1, made
 * here so every save is an UPDATE of it. A null column means "the default": the environment's
 * value (ACADEMY_NAME, ACADEMY_TZ, ONLINE_CLASS_URL, WEBSITE_URL) or the image the web app
 * ships. Images are stored files, so the start-up sweep keeps their bytes and a file in use
 * cannot be deleted under them (restrict).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const time = pg ? 'bigint' : 'integer';
  const file = (c: ColumnDefinitionBuilder) => c.references('stored_files.id').onDelete('restrict');
  await db.schema
    .createTable('academy_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('academy_name', 'text')
    .addColumn('time_zone', 'text')
    .addColumn('online_class_url', 'text')
    .addColumn('website_url', 'text')
    .addColumn('logo_file_id', 'integer', file)
    .addColumn('login_background_file_id', 'integer', file)
    .addColumn('home_background_file_id', 'integer', file)
    .addColumn('updated_at', time)
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.insertInto('academy_settings').values({ id: 1 }).execute();
}
