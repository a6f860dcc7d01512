import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 52, point 3: "a refund is its own document". A refund row (a leaving student's money
 * going back) gets a refund note numbered from a counter of its own, one row per year, taken
 * in the refund's transaction as a receipt's number is (0054): `refund_counters` and
 * `refund_notes`. A note is void when its refund is (read from the ledger), so, like the
 * receipts, a note is never changed or deleted: the triggers of 0054 hold it too.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('refund_counters')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('refund_notes')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('refund_id', 'integer', (c) => c.notNull().unique().references('ledger_rows.id'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('created_at', pg ? 'bigint' : 'integer', (c) => c.notNull())
    .addUniqueConstraint('refund_notes_year_number', ['year', 'number'])
    .execute();
  // The function 0054 made on PostgreSQL refuses the change for any table it is attached to.
  if (pg)
    await sql`create trigger refund_notes_kept before update or delete on refund_notes
      for each row execute function refuse_money_change()`.execute(db);
  else
    for (const verb of ['update', 'delete'])
      await sql`create trigger ${sql.raw(`refund_notes_no_${verb}`)} before ${sql.raw(verb)} on refund_notes
        begin select raise(abort, 'Money rows are never changed or deleted (refund_notes).'); end`.execute(
        db,
      );
}
