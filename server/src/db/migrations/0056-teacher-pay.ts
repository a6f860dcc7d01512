import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 52, point 7: teachers' pay from the roll. A teacher's pay for a month is worked out
 * when asked, from the sessions whose roll they took; what is kept here is what cannot be
 * worked out: the rates and the adjustments.
 *
 * - teacher_rates: a teacher's hourly rate (class_id null) or their rate for one class, from a
 *   month on. A new rate is a new row, never an edit, so a past month's statement reads the
 *   rates of that month: the rate for a month is the latest row whose from_month is not after
 *   it. A class rate with a null hourly ends the class rate (the hourly rate applies again).
 * - pay_adjustments: a bonus or a deduction for a month, with its reason, more than 0; like the
 *   ledger, never changed or deleted (triggers refuse both): a mistake is a 'void' row naming
 *   the row it cancels (unique: a row is voided once).
 *
 * No foreign key on the teacher or the writer: the books outlive accounts, as the ledger's
 * writer does; the names are kept on the rows.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const time = pg ? 'bigint' : 'integer';
  const money = pg ? 'bigint' : 'integer';
  const id = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', 'integer', (c) =>
        pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
      );

  await id('teacher_rates')
    .addColumn('teacher_id', 'integer', (c) => c.notNull())
    .addColumn('class_id', 'integer')
    .addColumn('hourly', money)
    .addColumn('from_month', 'text', (c) => c.notNull())
    .addColumn('set_by', 'integer')
    .addColumn('set_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('teacher_rates_teacher')
    .on('teacher_rates')
    .columns(['teacher_id', 'from_month'])
    .execute();

  await id('pay_adjustments')
    .addColumn('teacher_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('voids', 'integer', (c) => c.unique().references('pay_adjustments.id'))
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pay_adjustments_month')
    .on('pay_adjustments')
    .columns(['month', 'teacher_id'])
    .execute();

  const table = 'pay_adjustments';
  if (pg)
    // refuse_money_change() is the ledger's (0054).
    await sql`create trigger ${sql.raw(`${table}_kept`)} before update or delete on ${sql.table(table)}
      for each row execute function refuse_money_change()`.execute(db);
  else
    for (const verb of ['update', 'delete'])
      await sql`create trigger ${sql.raw(`${table}_no_${verb}`)} before ${sql.raw(verb)} on ${sql.table(table)}
        begin select raise(abort, ${sql.lit(`Money rows are never changed or deleted (${table}).`)}); end`.execute(
        db,
      );
}
