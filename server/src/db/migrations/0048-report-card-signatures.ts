import type { Kysely } from 'kysely';

/**
 * Issue 49, point 12: what a report card a school hands out carries beside the result: the
 * director's name over their signature line, and the academy's stamp (an uploaded PNG or
 * JPEG, a stored file as the logo is: restrict, so a file in use is never deleted under it).
 * Both null until an administrator sets them on Settings.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('academy_settings').addColumn('director_name', 'text').execute();
  await db.schema
    .alterTable('academy_settings')
    .addColumn('stamp_file_id', 'integer', (c) =>
      c.references('stored_files.id').onDelete('restrict'),
    )
    .execute();
  await db.schema
    .createIndex('academy_settings_fk_stamp_file_id')
    .on('academy_settings')
    .column('stamp_file_id')
    .execute();
}
