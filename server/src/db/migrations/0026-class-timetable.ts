import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 29, point 4: a class has its own timetable. A weekly pattern makes the class's
 * sessions once (class_sessions), and each member's schedule holds a row per session that
 * names it (schedule_sessions.class_session_id), so the spec's schedule calls read them as they
 * read any session, and the student's own extra sessions (private lessons) stay as they were.
 *
 * The unique index on (class, date, time) is what makes a pattern run twice merge rather than
 * double; the one on (student, class session) keeps a student from holding a class session
 * twice, whatever two administrators do at once. Moving a class session moves every member's
 * row; cancelling one marks it (cancelled_at) and their rows read "Cancelled".
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const time = pg ? 'bigint' : 'integer';

  await db.schema
    .createTable('class_sessions')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('class_id', 'integer', (c) =>
      c.notNull().references('classes.id').onDelete('cascade'),
    )
    .addColumn('session_date', 'text', (c) => c.notNull())
    .addColumn('session_day', 'text', (c) => c.notNull())
    .addColumn('session_time', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('class_sessions_when')
    .on('class_sessions')
    .unique()
    .columns(['class_id', 'session_date', 'session_time'])
    .execute();

  await db.schema
    .alterTable('schedule_sessions')
    .addColumn('class_session_id', 'integer', (c) =>
      c.references('class_sessions.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .createIndex('schedule_sessions_class_session')
    .on('schedule_sessions')
    .unique()
    .columns(['class_session_id', 'user_id'])
    .where(sql.ref('class_session_id'), 'is not', null)
    .execute();
}
