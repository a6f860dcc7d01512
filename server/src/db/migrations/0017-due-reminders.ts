import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Due-date reminders (issue 21, point 6; features/reminders).
 * - `assignment_reminders`: one row per assignment row (one student's copy) reminded. Its
 *   primary key is what makes a reminder go once: the row and the notification are written
 *   in one transaction, and a second writer's insert conflicts and sends nothing. It goes
 *   with the assignment row.
 * - `scheduler_leases`: which instance runs a job, until when. Only the holder of a live
 *   lease runs it; another takes over when it lapses (an instance stopped or died).
 * - `academy_settings.reminder_lead_hours`: how long before the due time; null the default
 *   (24), 0 no reminders.
 * - An index on assignments' due time: the scheduler asks every minute for the few whose
 *   reminder time has come.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const time = dialectOf(db) === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('assignment_reminders')
    .addColumn('assignment_id', 'integer', (c) =>
      c.primaryKey().references('assignments.id').onDelete('cascade'),
    )
    .addColumn('sent_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('scheduler_leases')
    .addColumn('job', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('academy_settings')
    .addColumn('reminder_lead_hours', 'integer')
    .execute();
  await db.schema.createIndex('assignments_due').on('assignments').column('due_at').execute();
}
