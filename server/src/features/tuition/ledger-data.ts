import { ROLE_ID } from '@academy/contract/constants';
import { allocatePayment } from '@academy/contract/tuition/instalments';
import {
  balanceOf,
  type LedgerKind,
  type LedgerRow,
  receiptNumber,
  voidedIds,
} from '@academy/contract/tuition/ledger';
import { MONEY_MAX } from '@academy/contract/tuition/money';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';
import { containsText } from '../../db/lists.js';

/**
 * A payer's ledger (issue 52, point 1; migration 0054): rows only ever added. The balance is
 * balanceOf over the rows; what is outstanding on each instalment is what the payer's credits
 * (payments and discounts, less refunds, of the rows no void cancels) leave when set against
 * the instalments oldest first (allocatePayment), worked out on every read rather than stored,
 * so a void puts every instalment back as it would be without the row.
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

/**
 * What is outstanding on each instalment of a charge no void cancels: the payer's credits set
 * against them oldest first. Instalments of a voided charge are left out.
 */
export function outstandingOf(
  rows: readonly LedgerRow[],
  instalments: readonly StoredInstalment[],
): { instalment: StoredInstalment; outstanding: number }[] {
  const voided = voidedIds(rows);
  let credits = 0;
  for (const row of rows) {
    if (row.kind === 'void' || voided.has(row.id)) continue;
    if (row.kind === 'payment' || row.kind === 'discount') credits += row.amount;
    else if (row.kind === 'refund') credits -= row.amount;
  }
  const live = instalments.filter((i) => !voided.has(i.charge_id));
  const { allocations } = allocatePayment(
    live.map((i) => ({ id: i.id, due_day: i.due_day, outstanding: i.amount })),
    Math.min(Math.max(credits, 0), MONEY_MAX),
  );
  const paid = new Map(allocations.map((a) => [a.id, a.amount]));
  return live.map((instalment) => ({
    instalment,
    outstanding: instalment.amount - (paid.get(instalment.id) ?? 0),
  }));
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

export type VoidOutcome =
  | { voided: StoredRow; balance: number; receipt: string | null }
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
      const receipt = await trx
        .selectFrom('receipts')
        .select(['year', 'number'])
        .where('payment_id', '=', row.id)
        .executeTakeFirst();
      return {
        voided: row,
        balance: balanceOf([...rows, { id, kind: 'void', amount: row.amount, voids: row.id }]),
        receipt: receipt ? receiptNumber(receipt.year, receipt.number) : null,
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

/** These students (a payer's family), by name, each with their balance. */
export async function balancesOf(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const students = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .where('role_id', '=', ROLE_ID.user)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return withBalances(db, students);
}
