import { balanceOf, type LedgerRow, outstandingOf } from '@academy/contract/tuition/ledger';
import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';
import { inSlices } from '../lists.js';

/**
 * Issue 52, point 5's figure: the debtors list read every ledger row and instalment of the
 * academy at each call (19,500 rows and 31,500 instalments on the bench's academy: 72–79 ms of
 * the server's CPU on SQLite, 115–125 ms on PostgreSQL, whatever the page). Each payer's
 * standing is now kept as their ledger is written, and the list reads it:
 *
 * - `payer_balances`: a payer's balance over the whole ledger (balanceOf), one row per payer
 *   with any row in their ledger.
 * - `owed_instalments`: each instalment with something still outstanding once the payer's
 *   credits are set against their instalments oldest first (outstandingOf), with its charge's
 *   term and its due day, so that what is overdue on a day is a sum over these rows.
 *
 * Both are derived from the ledger, never the other way round: every write to a ledger works
 * them out again for its payers in its own transaction (features/tuition/ledger-data.ts,
 * restatePayers), and unlike the ledger they are changed and deleted. Filled here from the
 * ledgers already written.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  // Amounts reach 10^15 minor units (MONEY_MAX): past a PostgreSQL integer.
  const money = pg ? 'bigint' : 'integer';
  await db.schema
    .createTable('payer_balances')
    .addColumn('student_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('restrict'),
    )
    // Below 0: the payer's credit.
    .addColumn('balance', money, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('owed_instalments')
    .addColumn('instalment_id', 'integer', (c) =>
      c.primaryKey().references('ledger_instalments.id'),
    )
    .addColumn('student_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('restrict'),
    )
    // The charge's term (null for a charge of no term).
    .addColumn('term_id', 'integer')
    .addColumn('due_day', 'text', (c) => c.notNull())
    .addColumn('outstanding', money, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('owed_instalments_student')
    .on('owed_instalments')
    .columns(['student_id', 'due_day'])
    .execute();
  await db.schema
    .createIndex('owed_instalments_term')
    .on('owed_instalments')
    .columns(['term_id', 'student_id'])
    .execute();
  await fillPayerStandings(db);
}

/** Fills both tables, empty, from the ledgers written so far. */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function fillPayerStandings(db: Kysely<any>): Promise<void> {
  const rows: (LedgerRow & { student_id: number })[] = await db
    .selectFrom('ledger_rows')
    .select(['id', 'student_id', 'kind', 'amount', 'voids'])
    .orderBy('id')
    .execute();
  const instalments: {
    id: number;
    student_id: number;
    charge_id: number;
    due_day: string;
    amount: number;
    term_id: number | null;
  }[] = await db
    .selectFrom('ledger_instalments as i')
    .innerJoin('ledger_rows as c', 'c.id', 'i.charge_id')
    .select(['i.id', 'i.student_id', 'i.charge_id', 'i.due_day', 'i.amount', 'c.term_id'])
    .orderBy('i.due_day')
    .orderBy('i.id')
    .execute();
  const ledgers = new Map<number, { rows: LedgerRow[]; instalments: typeof instalments }>();
  const ledgerOf = (id: number) => {
    const ledger = ledgers.get(id) ?? { rows: [], instalments: [] };
    ledgers.set(id, ledger);
    return ledger;
  };
  for (const row of rows) ledgerOf(row.student_id).rows.push(row);
  for (const instalment of instalments)
    ledgerOf(instalment.student_id).instalments.push(instalment);
  const balances = [...ledgers].map(([student_id, ledger]) => ({
    student_id,
    balance: balanceOf(ledger.rows),
  }));
  const owed = [...ledgers.values()].flatMap((ledger) =>
    outstandingOf(ledger.rows, ledger.instalments)
      .filter((o) => o.outstanding > 0)
      .map(({ instalment, outstanding }) => ({
        instalment_id: instalment.id,
        student_id: instalment.student_id,
        term_id: instalment.term_id,
        due_day: instalment.due_day,
        outstanding,
      })),
  );
  for (const slice of inSlices(balances))
    await db.insertInto('payer_balances').values(slice).execute();
  for (const slice of inSlices(owed))
    await db.insertInto('owed_instalments').values(slice).execute();
}
