import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 52, point 5: automatic payment reminders.
 *
 * - payment_reminder_rules: the academy's one row (id 1) of rules and words; none until an
 *   administrator saves them, and then reminders are off unless its days say otherwise.
 * - instalment_reminders: each instalment looked at for a reminder, once per kind ('before',
 *   'overdue'), with whether it was told or found paid. The key makes a reminder go once
 *   whoever runs the reminders (two instances, a restart): the row is written in the
 *   transaction that tells, and a second writer's insert does nothing.
 * - ledger_instalments(due_day): the reminders look for the parts due in a window of days
 *   across every payer, every minute.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const time = dialectOf(db) === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('payment_reminder_rules')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('days_before', 'integer', (c) => c.notNull())
    .addColumn('days_overdue', 'integer', (c) => c.notNull())
    .addColumn('before_text', 'text', (c) => c.notNull())
    .addColumn('overdue_text', 'text', (c) => c.notNull())
    .addColumn('updated_by_name', 'text', (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('instalment_reminders')
    .addColumn('instalment_id', 'integer', (c) => c.notNull().references('ledger_instalments.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    /** 'told', or 'skipped': nothing was owed of it, or it was charged within the days before. */
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('sent_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('instalment_reminders_key', ['instalment_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('ledger_instalments_due')
    .on('ledger_instalments')
    .columns(['due_day'])
    .execute();
}
