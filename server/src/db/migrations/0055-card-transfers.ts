import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 52, point 4: card-to-card transfers, checked. A transfer the payer reported waits as
 * 'awaiting' until an administrator approves it (its payment is then a ledger row with its
 * receipt, named here by `payment_id`) or rejects it with a reason. Unlike the ledger, a
 * transfer's row changes once, from awaiting to decided: it is a request, not money, until
 * approved. The photo is a stored file; a tracking number is reported once per payer.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const time = pg ? 'bigint' : 'integer';
  const money = pg ? 'bigint' : 'integer';
  await db.schema
    .createTable('card_transfers')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    // Restrict, as the ledger does: a payer with a transfer on record is deactivated, not deleted.
    .addColumn('student_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('restrict'),
    )
    .addColumn('amount', money, (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('card_last4', 'text', (c) => c.notNull())
    .addColumn('tracking', 'text', (c) => c.notNull())
    .addColumn('file_id', 'integer', (c) => c.notNull().references('stored_files.id'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('payment_id', 'integer', (c) => c.unique().references('ledger_rows.id'))
    .addColumn('decided_by', 'integer')
    .addColumn('decided_by_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('card_transfers_tracking', ['student_id', 'tracking'])
    .execute();
  await db.schema
    .createIndex('card_transfers_state')
    .on('card_transfers')
    .columns(['state', 'id'])
    .execute();
  await db.schema
    .createIndex('card_transfers_file')
    .on('card_transfers')
    .column('file_id')
    .execute();
}
