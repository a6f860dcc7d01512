import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 52, first server slice: tuition and payments.
 *
 * - `academy_settings.currency_*`: the academy's currency (contract tuition/money.ts), set on
 *   Settings; null until one is saved, and money calls wait for it.
 * - `fee_plans`: a class's fee plan for a term: the tuition, optional items (books) and the
 *   instalment parts, the last two as JSON (read and written whole, never queried by part).
 * - `ledger_rows`: a payer's ledger (the payer is a student: `student_id`). Rows are charges,
 *   discounts, payments, refunds and voids, never changed or deleted: triggers refuse an UPDATE
 *   or a DELETE on both engines, and the foreign keys that point at users restrict, so deleting
 *   a student with money on record is refused rather than taking their books with them. Who
 *   wrote a row is kept by id and name without a foreign key: a cascade from deleting a member
 *   of staff would be an update of the row.
 * - `ledger_instalments`: the parts a charge is owed in, each with its due day and amount.
 * - `receipts`: a payment's receipt, numbered from `receipt_counters` (one row per year, taken
 *   in the payment's transaction). A receipt is void when its payment is: read from the ledger,
 *   so nothing is updated here either.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const time = pg ? 'bigint' : 'integer';
  // Amounts reach 10^15 minor units (MONEY_MAX): past a PostgreSQL integer.
  const money = pg ? 'bigint' : 'integer';
  const id = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', 'integer', (c) =>
        pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
      );
  const index = (name: string, table: string, columns: string[]) =>
    db.schema.createIndex(name).on(table).columns(columns).execute();

  await db.schema.alterTable('academy_settings').addColumn('currency_code', 'text').execute();
  await db.schema.alterTable('academy_settings').addColumn('currency_name', 'text').execute();
  await db.schema
    .alterTable('academy_settings')
    .addColumn('currency_decimals', 'integer')
    .execute();

  await id('fee_plans')
    .addColumn('class_id', 'integer', (c) =>
      c.notNull().references('classes.id').onDelete('cascade'),
    )
    .addColumn('term_id', 'integer', (c) => c.notNull().references('terms.id').onDelete('cascade'))
    .addColumn('tuition', money, (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('parts', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addUniqueConstraint('fee_plans_class_term', ['class_id', 'term_id'])
    .execute();
  await index('fee_plans_term', 'fee_plans', ['term_id']);
  await index('fee_plans_updated_by', 'fee_plans', ['updated_by']);

  await id('ledger_rows')
    .addColumn('student_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('restrict'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // A void's row; unique, so two administrators voiding one row at once void it once.
    .addColumn('voids', 'integer', (c) => c.unique().references('ledger_rows.id'))
    // A charge's plan, class and term: no foreign keys, since a deleted term or class must
    // not reach into the books (the charge keeps its own amount and words).
    .addColumn('fee_plan_id', 'integer')
    .addColumn('class_id', 'integer')
    .addColumn('term_id', 'integer')
    /** The day the row is for, 'YYYY-MM-DD' in the academy's time zone (a payment's date). */
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('method', 'text')
    .addColumn('reference', 'text')
    .addColumn('cheque_number', 'text')
    .addColumn('cheque_day', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await index('ledger_rows_student', 'ledger_rows', ['student_id', 'id']);
  await index('ledger_rows_plan', 'ledger_rows', ['fee_plan_id', 'student_id']);

  await id('ledger_instalments')
    .addColumn('charge_id', 'integer', (c) => c.notNull().references('ledger_rows.id'))
    .addColumn('student_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('restrict'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('due_day', 'text', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull())
    .execute();
  await index('ledger_instalments_charge', 'ledger_instalments', ['charge_id']);
  await index('ledger_instalments_student', 'ledger_instalments', ['student_id', 'due_day']);

  await db.schema
    .createTable('receipt_counters')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();

  await id('receipts')
    .addColumn('payment_id', 'integer', (c) => c.notNull().unique().references('ledger_rows.id'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('receipts_year_number', ['year', 'number'])
    .execute();

  // What accountants insist on, held by the database as well as the code: none of these rows
  // is changed or deleted once written.
  const kept = ['ledger_rows', 'ledger_instalments', 'receipts'];
  if (pg) {
    await sql`create function refuse_money_change() returns trigger language plpgsql as $$
      begin raise exception 'Money rows are never changed or deleted (%).', tg_table_name; end $$`.execute(
      db,
    );
    for (const table of kept)
      await sql`create trigger ${sql.raw(`${table}_kept`)} before update or delete on ${sql.table(table)}
        for each row execute function refuse_money_change()`.execute(db);
  } else {
    for (const table of kept)
      for (const verb of ['update', 'delete'])
        await sql`create trigger ${sql.raw(`${table}_no_${verb}`)} before ${sql.raw(verb)} on ${sql.table(table)}
          begin select raise(abort, ${sql.lit(`Money rows are never changed or deleted (${table}).`)}); end`.execute(
          db,
        );
  }
}
