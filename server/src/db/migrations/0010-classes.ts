import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Classes and sending to many (features/classes, features/sendings).
 *
 * A class is a name and its students (class_students; a student may be in several).
 * Archiving keeps both but offers the class nowhere. A "sending" is one assignment or
 * notification sent to many: each student still gets their own row (the spec's calls read
 * those), and the rows name their sending so the administrator sees one item and its
 * read states. Deleting a class leaves its sendings, which keep the words they were sent to.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const time = pg ? 'bigint' : 'integer';
  const id = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', 'integer', (c) =>
        pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
      );

  await id('classes')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  // Two classes in use may not share a name (any case); an archived one may.
  await db.schema
    .createIndex('classes_name_in_use')
    .on('classes')
    .unique()
    .expression(sql`lower(name)`)
    .where(sql.ref('is_archived'), '=', 0)
    .execute();
  await db.schema
    .createIndex('classes_archived_name')
    .on('classes')
    .columns(['is_archived', 'name'])
    .execute();

  await db.schema
    .createTable('class_students')
    .addColumn('class_id', 'integer', (c) =>
      c.notNull().references('classes.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('added_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('class_students_pk', ['class_id', 'user_id'])
    .execute();
  // A student's classes (their page, deleting a user).
  await db.schema
    .createIndex('class_students_user')
    .on('class_students')
    .columns(['user_id', 'class_id'])
    .execute();

  await id('sendings')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('class_id', 'integer', (c) => c.references('classes.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('sendings_kind_time')
    .on('sendings')
    .columns(['kind', 'created_at'])
    .execute();

  for (const table of ['assignments', 'notifications']) {
    await db.schema
      .alterTable(table)
      .addColumn('sending_id', 'integer', (c) => c.references('sendings.id').onDelete('set null'))
      .execute();
    await db.schema
      .createIndex(`${table}_sending`)
      .on(table)
      .columns(['sending_id', 'is_read'])
      .execute();
  }
}
