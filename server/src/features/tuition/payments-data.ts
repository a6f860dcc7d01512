import {
  allocatePayment,
  type OwedInstalment,
  splitFamilyPayment,
} from '@academy/contract/tuition/instalments';
import { balanceOf, outstandingOf, receiptNumber } from '@academy/contract/tuition/ledger';
import { sql } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';
import { holdPeople } from '../../domain/people.js';
import { ledgersOf, restatePayers } from './ledger-data.js';

/**
 * A payment at the desk (issue 52, point 3): its ledger row, its receipt and its number, in one
 * transaction. The number is the year's counter row, raised in that transaction: on PostgreSQL
 * the second of two payments at the same instant waits on the row until the first commits and
 * then raises it again, and SQLite writes one transaction at a time, so two payments never get
 * one number; a payment that fails rolls its number back with it, so none is skipped either.
 * Numbers are taken on the server only, never on a device.
 */

export interface PaymentInput {
  studentId: number;
  amount: number;
  day: string;
  method: string;
  reference: string;
  chequeNumber: string;
  chequeDay: string | null;
}

export interface RecordedPayment {
  paymentId: number;
  receiptNumber: string;
  balance: number;
  allocations: { instalment_id: number; amount: number }[];
}

/** A numbered series of documents: its counter (a row per year) and its documents' table. */
const SERIES = {
  receipt: { counters: 'receipt_counters', documents: 'receipts', of: 'payment_id' },
  'refund note': { counters: 'refund_counters', documents: 'refund_notes', of: 'refund_id' },
} as const;

/**
 * Gives a ledger row (a payment, a refund) its document: the next number of `year` in the
 * series, taken in the caller's transaction by raising the series' counter row, so every
 * document of the series that year after this one waits for this transaction, and a rollback
 * gives the number back. Answers the number. Call it last: the counter row is held from here
 * to the commit. On PostgreSQL the number is taken and the document written in one statement,
 * so the row is held for that statement and the commit only, not for another round trip to
 * the server (the desks' figure: docs/decisions.md); SQLite writes one transaction at a time,
 * and takes the two statements.
 */
export async function numberDocument(
  trx: Db,
  kind: keyof typeof SERIES,
  document: { of: number; year: number; createdAt: number },
): Promise<number> {
  const { counters, documents, of } = SERIES[kind];
  const { year } = document;
  const raise = trx
    .insertInto(counters)
    .values({ year, last_number: 1 })
    .onConflict((oc) =>
      oc
        .column('year')
        .doUpdateSet({ last_number: sql`${sql.ref(`${counters}.last_number`)} + 1` }),
    )
    .returning('last_number');
  if (dialectOf(trx) === 'postgres') {
    const taken = await sql<{ number: number }>`
      with taken as (${raise})
      insert into ${sql.table(documents)} (${sql.ref(of)}, year, number, created_at)
      select ${document.of}::integer, ${year}::integer, last_number, ${document.createdAt}::bigint
      from taken
      returning number`.execute(trx);
    const number = taken.rows[0]?.number;
    if (number === undefined) throw new Error(`No ${kind} number was taken.`);
    return number;
  }
  const { last_number } = await raise.executeTakeFirstOrThrow();
  await sql`insert into ${sql.table(documents)} (${sql.ref(of)}, year, number, created_at)
    values (${document.of}, ${year}, ${last_number}, ${document.createdAt})`.execute(trx);
  return last_number;
}

/** A payer's ledger, read under their lock, and the instalments they still owe something on. */
async function owedBy(trx: Db, studentId: number) {
  await holdPeople(trx, [studentId]);
  const ledger = (await ledgersOf(trx, [studentId])).get(studentId) ?? {
    rows: [],
    instalments: [],
  };
  const owed: OwedInstalment[] = outstandingOf(ledger.rows, ledger.instalments)
    .filter((o) => o.outstanding > 0)
    .map((o) => ({
      id: o.instalment.id,
      due_day: o.instalment.due_day,
      outstanding: o.outstanding,
    }));
  return { ledger, owed };
}

/**
 * Records a payment, gives it the year's next receipt number (the year of the academy's today,
 * when the receipt is issued), and answers the number, the balance after and the instalments
 * it paid, oldest first.
 */
export function recordPayment(
  db: Db,
  payment: PaymentInput,
  context: PaymentContext,
): Promise<RecordedPayment> {
  return db.transaction().execute((trx) => recordPaymentIn(trx, payment, context));
}

export interface PaymentContext {
  today: string;
  by: { id: number; name: string };
  now: number;
}

/**
 * recordPayment in the caller's transaction: an approved card transfer makes its payment in
 * the transaction that marks it approved.
 */
export async function recordPaymentIn(
  trx: Db,
  payment: PaymentInput,
  context: PaymentContext,
): Promise<RecordedPayment> {
  // The payer's ledger is held from here (owedBy): two payments to one payer run one after the
  // other, each setting its amount against what the other left.
  const { ledger, owed } = await owedBy(trx, payment.studentId);
  const { allocations } = allocatePayment(owed, payment.amount);
  const { id } = await trx
    .insertInto('ledger_rows')
    .values({
      student_id: payment.studentId,
      kind: 'payment',
      amount: payment.amount,
      reason: 'Payment',
      voids: null,
      fee_plan_id: null,
      class_id: null,
      term_id: null,
      day: payment.day,
      method: payment.method,
      reference: payment.reference,
      cheque_number: payment.chequeNumber,
      cheque_day: payment.chequeDay,
      created_by: context.by.id,
      created_by_name: context.by.name,
      created_at: context.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ledger.rows.push({
    id,
    kind: 'payment',
    amount: payment.amount,
    voids: null,
    term_id: null,
  });
  await restatePayers(trx, [payment.studentId], new Map([[payment.studentId, ledger]]));
  // The number last: from here to the commit every payment of the year waits on the counter.
  const year = Number(context.today.slice(0, 4));
  const number = await numberDocument(trx, 'receipt', { of: id, year, createdAt: context.now });
  return {
    paymentId: id,
    receiptNumber: receiptNumber(year, number),
    balance: balanceOf(ledger.rows),
    allocations: allocations.map((a) => ({ instalment_id: a.id, amount: a.amount })),
  };
}

/** A child's part of a family's payment, as recorded. */
export interface FamilyShare extends RecordedPayment {
  studentId: number;
  amount: number;
}

/**
 * One payment for brothers and sisters (issue 52, point 1): `family` is the payer whose
 * statement is open, then their siblings. The amount is split across the family's instalments
 * as one list (splitFamilyPayment), and each child's share is recorded as their own payment
 * with its own receipt (recordPaymentIn), all in one transaction: the receipts' numbers are
 * consecutive, and a failure records none of them. Each child keeps their own ledger, so a
 * void, a statement or a refund later is one child's as ever.
 */
export function recordFamilyPayment(
  db: Db,
  payment: PaymentInput,
  family: readonly number[],
  context: PaymentContext,
): Promise<FamilyShare[]> {
  return db.transaction().execute(async (trx) => {
    // Every child's ledger held before any is read: no payment to one of them comes in between.
    // The receipts' numbers are consecutive still: once the first child's is taken, the year's
    // counter is this transaction's to the commit.
    await holdPeople(trx, family);
    const members = [];
    for (const studentId of family)
      members.push({ studentId, owed: (await owedBy(trx, studentId)).owed });
    const recorded: FamilyShare[] = [];
    for (const share of splitFamilyPayment(payment.studentId, members, payment.amount)) {
      const paid = await recordPaymentIn(trx, { ...payment, ...share }, context);
      recorded.push({ ...paid, ...share });
    }
    return recorded;
  });
}
