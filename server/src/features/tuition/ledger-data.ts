import { ROLE_ID } from '@academy/contract/constants';
import {
  balanceOf,
  type LedgerKind,
  type LedgerRow,
  outstandingOf,
  receiptNumber,
  refundNumber,
} from '@academy/contract/tuition/ledger';
import type { QueryCreator, SelectQueryBuilder } from 'kysely';
import { dialectOf, isUniqueViolation } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';
import { containsText, inSlices } from '../../db/lists.js';
import type { Database } from '../../db/schema.js';
import { holdPeople } from '../../domain/people.js';

/**
 * A payer's ledger (issue 52, point 1; migration 0054): rows only ever added. The balance is
 * balanceOf over the rows; what is outstanding on each instalment is what the payer's credits
 * (payments and discounts, less refunds, of the rows no void cancels) leave when set against
 * the instalments oldest first (outstandingOf), so a void puts every instalment back as it
 * would be without the row. Both are kept for each payer too (migration 0060: the debtors
 * list reads them), worked out again from the whole ledger by restatePayers in every
 * transaction that writes to it.
 */

export interface StoredRow {
  id: number;
  student_id: number;
  kind: LedgerKind;
  amount: number;
  reason: string;
  voids: number | null;
  day: string;
  method: string | null;
  reference: string | null;
  cheque_number: string | null;
  cheque_day: string | null;
  created_by_name: string;
  created_at: number;
}

export interface StoredInstalment {
  id: number;
  charge_id: number;
  label: string;
  due_day: string;
  amount: number;
}

/** A student (the payer) by id: their name; undefined when no student has the id. */
export async function findStudent(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('role_id', '=', ROLE_ID.user)
    .executeTakeFirst();
}

/** Every row of a payer's ledger, in the order written. */
export function ledgerRowsOf(db: Db, studentId: number): Promise<StoredRow[]> {
  return db
    .selectFrom('ledger_rows')
    .select([
      'id',
      'student_id',
      'kind',
      'amount',
      'reason',
      'voids',
      'day',
      'method',
      'reference',
      'cheque_number',
      'cheque_day',
      'created_by_name',
      'created_at',
    ])
    .where('student_id', '=', studentId)
    .orderBy('id')
    .execute();
}

/** A payer's instalments, of every charge (voided ones included), in order. */
export function instalmentsOf(db: Db, studentId: number): Promise<StoredInstalment[]> {
  return db
    .selectFrom('ledger_instalments')
    .select(['id', 'charge_id', 'label', 'due_day', 'amount'])
    .where('student_id', '=', studentId)
    .orderBy('due_day')
    .orderBy('id')
    .execute();
}

/** A ledger row as the many-payer readers need it: its figures and the term it is for. */
export type TermRow = LedgerRow & { term_id: number | null };
/** An instalment with its charge's term. */
type TermInstalment = StoredInstalment & { term_id: number | null };

/** One payer's ledger read in bulk: rows in the order written, instalments by due day. */
export interface PayerLedger {
  rows: TermRow[];
  instalments: TermInstalment[];
}

/**
 * Whose ledgers to read: every payer's, these payers', or those a query names (a class's, a
 * term's payers), which the database then reads in the same statement.
 */
export type Payers =
  | 'everyone'
  | readonly number[]
  // biome-ignore lint/suspicious/noExplicitAny: any query answering payers' ids, whatever it joins.
  | SelectQueryBuilder<Database, any, { id: number }>;

/**
 * Many payers' ledgers at once (the debtors list, the outstanding report, the reminders' run):
 * their rows and instalments in two statements (a list of ids in slices of the most a
 * statement takes), grouped by payer. A payer with no rows has no entry.
 */
export async function ledgersOf(db: Db, payers: Payers): Promise<Map<number, PayerLedger>> {
  const ledgers = new Map<number, PayerLedger>();
  const ledgerOf = (id: number) => {
    const ledger = ledgers.get(id) ?? { rows: [], instalments: [] };
    ledgers.set(id, ledger);
    return ledger;
  };
  const read = async (
    // biome-ignore lint/suspicious/noExplicitAny: as Payers.
    among: readonly number[] | SelectQueryBuilder<Database, any, { id: number }> | null,
  ) => {
    const rows = await db
      .selectFrom('ledger_rows')
      .select(['id', 'student_id', 'kind', 'amount', 'voids', 'term_id'])
      .$if(among !== null, (q) => q.where('student_id', 'in', among ?? []))
      .orderBy('id')
      .execute();
    for (const row of rows) ledgerOf(row.student_id).rows.push(row);
    const instalments = await db
      .selectFrom('ledger_instalments as i')
      .innerJoin('ledger_rows as c', 'c.id', 'i.charge_id')
      .select([
        'i.id',
        'i.student_id',
        'i.charge_id',
        'i.label',
        'i.due_day',
        'i.amount',
        'c.term_id',
      ])
      .$if(among !== null, (q) => q.where('i.student_id', 'in', among ?? []))
      .orderBy('i.due_day')
      .orderBy('i.id')
      .execute();
    for (const instalment of instalments)
      ledgerOf(instalment.student_id).instalments.push(instalment);
  };
  if (payers === 'everyone') await read(null);
  else if (Array.isArray(payers)) {
    for (const slice of inSlices(payers as readonly number[])) await read(slice);
  } else await read(payers as SelectQueryBuilder<Database, never, { id: number }>);
  return ledgers;
}

/**
 * Works out again what these payers' ledgers say (their balance, and each instalment with
 * something still outstanding, with its term and due day) and keeps it in payer_balances and
 * owed_instalments, in the caller's transaction: every writer to a ledger calls it once its
 * rows are in, with every payer it wrote to. The payers it reads are locked first, so of two
 * writers to one payer the second works it out with the first's rows in. `known` holds
 * ledgers the caller read under holdPeople and then added its rows to: they are not read again.
 */
export async function restatePayers(
  trx: Db,
  studentIds: readonly number[],
  known?: ReadonlyMap<number, PayerLedger>,
): Promise<void> {
  const ids = [...new Set(studentIds)];
  if (ids.length === 0) return;
  const unknown = ids.filter((id) => !known?.has(id));
  await holdPeople(trx, unknown);
  const read: ReadonlyMap<number, PayerLedger> =
    unknown.length > 0 ? await ledgersOf(trx, unknown) : new Map();
  for (const slice of inSlices(ids)) {
    const balances: Database['payer_balances'][] = [];
    const owed: Database['owed_instalments'][] = [];
    for (const id of slice) {
      const ledger = known?.get(id) ?? read.get(id);
      if (!ledger) continue;
      balances.push({ student_id: id, balance: balanceOf(ledger.rows) });
      for (const { instalment, outstanding } of outstandingOf(ledger.rows, ledger.instalments))
        if (outstanding > 0)
          owed.push({
            instalment_id: instalment.id,
            student_id: id,
            term_id: instalment.term_id,
            due_day: instalment.due_day,
            outstanding,
          });
    }
    // A payer with no ledger has nothing kept either.
    if (balances.length > 0) await keepStandings(trx, slice, balances, owed);
  }
}

/**
 * Writes what restatePayers worked out for some payers: their instalments no longer owed
 * deleted, the others put in or changed, their balances put in or changed. Three statements
 * that touch different rows; on PostgreSQL sent as one (two of them as common table
 * expressions), since each statement of a payment's transaction is a round trip that every
 * desk's payment waits for (docs/decisions.md).
 */
async function keepStandings(
  trx: Db,
  payers: readonly number[],
  balances: Database['payer_balances'][],
  owed: Database['owed_instalments'][],
) {
  const owedIds = owed.map((o) => o.instalment_id);
  const gone = (db: Db) =>
    db
      .deleteFrom('owed_instalments')
      .where('student_id', 'in', [...payers])
      .$if(owedIds.length > 0, (q) => q.where('instalment_id', 'not in', owedIds));
  const kept = (db: Db) =>
    db
      .insertInto('owed_instalments')
      .values(owed)
      .onConflict((oc) =>
        oc.column('instalment_id').doUpdateSet((eb) => ({
          outstanding: eb.ref('excluded.outstanding'),
          due_day: eb.ref('excluded.due_day'),
          term_id: eb.ref('excluded.term_id'),
        })),
      );
  const balanced = (db: QueryCreator<Database>) =>
    db
      .insertInto('payer_balances')
      .values(balances)
      .onConflict((oc) =>
        oc.column('student_id').doUpdateSet((eb) => ({ balance: eb.ref('excluded.balance') })),
      );
  if (dialectOf(trx) === 'postgres') {
    const withGone = trx.with('gone', () => gone(trx));
    await balanced(owed.length > 0 ? withGone.with('kept', () => kept(trx)) : withGone).execute();
    return;
  }
  await gone(trx).execute();
  if (owed.length > 0) await kept(trx).execute();
  await balanced(trx).execute();
}

/** A payer's receipts, with the number each was given, in the order given. */
export async function receiptsOf(db: Db, studentId: number) {
  const rows = await db
    .selectFrom('receipts as r')
    .innerJoin('ledger_rows as p', 'p.id', 'r.payment_id')
    .select(['r.payment_id', 'r.year', 'r.number', 'p.amount', 'p.day', 'p.method'])
    .where('p.student_id', '=', studentId)
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({ ...r, receipt_number: receiptNumber(r.year, r.number) }));
}

/** A payer's refund notes (a refund is its own document), with their numbers, in the order given. */
export async function refundNotesOf(db: Db, studentId: number) {
  const rows = await db
    .selectFrom('refund_notes as n')
    .innerJoin('ledger_rows as r', 'r.id', 'n.refund_id')
    .select(['n.refund_id', 'n.year', 'n.number', 'r.amount', 'r.day', 'r.method'])
    .where('r.student_id', '=', studentId)
    .orderBy('n.id')
    .execute();
  return rows.map((r) => ({ ...r, refund_number: refundNumber(r.year, r.number) }));
}

/** The document a row was given, if any: a payment's receipt, a refund's refund note. */
async function documentOf(
  db: Db,
  row: Pick<StoredRow, 'id' | 'kind'>,
): Promise<{ kind: 'receipt' | 'refund note'; number: string } | null> {
  if (row.kind === 'payment') {
    const receipt = await db
      .selectFrom('receipts')
      .select(['year', 'number'])
      .where('payment_id', '=', row.id)
      .executeTakeFirst();
    return receipt
      ? { kind: 'receipt', number: receiptNumber(receipt.year, receipt.number) }
      : null;
  }
  if (row.kind === 'refund') {
    const note = await db
      .selectFrom('refund_notes')
      .select(['year', 'number'])
      .where('refund_id', '=', row.id)
      .executeTakeFirst();
    return note ? { kind: 'refund note', number: refundNumber(note.year, note.number) } : null;
  }
  return null;
}

export type VoidOutcome =
  | {
      voided: StoredRow;
      balance: number;
      /** The voided row's document, which keeps its number and now says VOID. */
      document: { kind: 'receipt' | 'refund note'; number: string } | null;
    }
  | { refused: 'missing' }
  | { refused: 'void' }
  | { refused: 'voided'; by: number | null };

/**
 * Cancels a row of a payer's ledger by a void row naming it, with the reason; deletes and
 * changes nothing. A void is not voided (it is final: the row is entered again instead), and a
 * row is voided once: two administrators at once meet the unique index on `voids`.
 */
export async function voidRow(
  db: Db,
  target: { studentId: number; rowId: number; reason: string },
  context: { today: string; by: { id: number; name: string }; now: number },
): Promise<VoidOutcome> {
  try {
    return await db.transaction().execute(async (trx): Promise<VoidOutcome> => {
      await holdPeople(trx, [target.studentId]);
      const rows = await ledgerRowsOf(trx, target.studentId);
      const row = rows.find((r) => r.id === target.rowId);
      if (!row) return { refused: 'missing' };
      if (row.kind === 'void') return { refused: 'void' };
      const earlier = rows.find((r) => r.voids === row.id);
      if (earlier) return { refused: 'voided', by: earlier.id };
      const { id } = await trx
        .insertInto('ledger_rows')
        .values({
          student_id: target.studentId,
          kind: 'void',
          amount: row.amount,
          reason: target.reason,
          voids: row.id,
          fee_plan_id: null,
          class_id: null,
          term_id: null,
          day: context.today,
          method: null,
          reference: null,
          cheque_number: null,
          cheque_day: null,
          created_by: context.by.id,
          created_by_name: context.by.name,
          created_at: context.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await restatePayers(trx, [target.studentId]);
      return {
        voided: row,
        balance: balanceOf([...rows, { id, kind: 'void', amount: row.amount, voids: row.id }]),
        document: await documentOf(trx, row),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { refused: 'voided', by: null };
    throw error;
  }
}

/** The most payers the desk's search answers. */
const PAYERS_MAX = 20;

/** Students whose name or username holds the text, each with their balance, by name. */
export async function findPayers(db: Db, text: string) {
  const students = await db
    .selectFrom('users')
    .select(['id', 'name', 'username'])
    .where('role_id', '=', ROLE_ID.user)
    .where((eb) => eb.or([containsText('name', text), containsText('username', text)]))
    .orderBy('name')
    .orderBy('id')
    .limit(PAYERS_MAX)
    .execute();
  return withBalances(db, students);
}

/** Students with each one's balance, in the order given. */
async function withBalances<S extends { id: number }>(
  db: Db,
  students: S[],
): Promise<(S & { balance: number })[]> {
  if (students.length === 0) return [];
  const rows = await db
    .selectFrom('ledger_rows')
    .select(['id', 'student_id', 'kind', 'amount', 'voids'])
    .where(
      'student_id',
      'in',
      students.map((s) => s.id),
    )
    .execute();
  return students.map((s) => ({
    ...s,
    balance: balanceOf(rows.filter((r) => r.student_id === s.id)),
  }));
}

/** These students (a payer's family), by name: their ids and names. */
export async function studentsNamed(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .where('role_id', '=', ROLE_ID.user)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** These students (a payer's family), by name, each with their balance. */
export async function balancesOf(db: Db, ids: readonly number[]) {
  return withBalances(db, await studentsNamed(db, ids));
}
