import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 29, points 6–8: the roll. A class session's roll is one mark per student who holds
 * the session (roll_marks: present, late, absent or excused, with an optional note), saved
 * whole in one request and corrected later; the session records when it was first taken and
 * by whom. The academy's rules (what each mark is worth, lates per absence, the warning and
 * the absence limit: contract/src/roll-rules.ts) live with the settings, as JSON, null
 * meaning the defaults; `term_starts` is the day the current term began, from which absences
 * are counted (null: every roll counts).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const time = dialectOf(db) === 'postgres' ? 'bigint' : 'integer';

  await db.schema
    .createTable('roll_marks')
    .addColumn('class_session_id', 'integer', (c) =>
      c.notNull().references('class_sessions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mark', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('marked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('marked_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('roll_marks_pk', ['class_session_id', 'user_id'])
    .execute();
  // One student's marks (their attendance, a standing after a save).
  await db.schema
    .createIndex('roll_marks_user')
    .on('roll_marks')
    .columns(['user_id', 'class_session_id'])
    .execute();

  for (const column of ['roll_taken_at', 'roll_changed_at'])
    await db.schema.alterTable('class_sessions').addColumn(column, time).execute();
  await db.schema
    .alterTable('class_sessions')
    .addColumn('roll_taken_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // The rolls not yet taken of a day (the dashboard), in one range of the index.
  await db.schema
    .createIndex('class_sessions_day')
    .on('class_sessions')
    .columns(['session_date', 'roll_taken_at'])
    .execute();

  await db.schema.alterTable('academy_settings').addColumn('roll_rules', 'text').execute();
  await db.schema.alterTable('academy_settings').addColumn('term_starts', 'text').execute();
}
