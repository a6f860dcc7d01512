import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 52, point 2: the academy's money rules, one row (id 1) until which the defaults hold
 * (contract tuition/rules.ts DEFAULT_MONEY_RULES): how a late joiner is charged, what is kept
 * when a student leaves, and the sibling and staff child discounts.
 *
 * And `ledger_rows.for_charge`: the charge a discount, or a leaving student's settlement,
 * comes off, so what is left of a charge is read from its own rows (a charge voided and made
 * again does not inherit the old one's discounts). Adding a column updates no row, so the
 * ledger's triggers (0054) stand.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const time = dialectOf(db) === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('money_rules')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('late_join', 'text', (c) => c.notNull())
    .addColumn('kept_before_percent', 'integer', (c) => c.notNull())
    .addColumn('kept_after_percent', 'integer', (c) => c.notNull())
    .addColumn('refund_rule', 'text', (c) => c.notNull())
    .addColumn('sibling_second_percent', 'integer', (c) => c.notNull())
    .addColumn('sibling_third_percent', 'integer', (c) => c.notNull())
    .addColumn('staff_child_percent', 'integer', (c) => c.notNull())
    .addColumn('updated_by_name', 'text', (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('ledger_rows')
    .addColumn('for_charge', 'integer', (c) => c.references('ledger_rows.id'))
    .execute();
  await db.schema
    .createIndex('ledger_rows_for_charge')
    .on('ledger_rows')
    .column('for_charge')
    .execute();
}
