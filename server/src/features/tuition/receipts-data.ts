import { allocatePayment } from '@academy/contract/tuition/instalments';
import {
  balanceOf,
  outstandingOf,
  receiptNumber,
  refundNumber,
} from '@academy/contract/tuition/ledger';
import type { Db } from '../../db/index.js';
import { instalmentsOf, ledgerRowsOf, type StoredRow } from './ledger-data.js';

/**
 * The app's money documents, read back as they were issued: a payment's receipt and a
 * refund's note.
 *
 * A payment's receipt as it was issued (issue 52, point 3), read back from the ledger: the
 * ledger is only ever added to, so the rows before the payment (lower ids) are the ledger the
 * payment met, and the instalments it paid are worked out again by the allocation
 * recordPayment used (payments-data.ts), over those rows and the instalments of the charges
 * among them. Rows written after it change nothing on the receipt but its VOID.
 */

export interface ReceiptRecord {
  payment: StoredRow;
  receiptNumber: string;
  payer: { id: number; name: string };
  /** The instalments the payment was set against, oldest first, and what it paid on each. */
  paidFor: { label: string; chargeReason: string; dueDay: string; amount: number }[];
  /** What was left of the payment once those were paid: the payer's credit. */
  credit: number;
  /** What the payer owed after the payment (below 0: their credit). */
  balanceAfter: number;
  /** The void that cancels the payment, if one does. */
  voided: VoidWords | null;
}

/** The void that cancels a document's row: why, when and by whom. */
export interface VoidWords {
  reason: string;
  day: string;
  byName: string;
}

function voidOf(rows: readonly StoredRow[], rowId: number): VoidWords | null {
  const cancel = rows.find((r) => r.kind === 'void' && r.voids === rowId);
  return cancel ? { reason: cancel.reason, day: cancel.day, byName: cancel.created_by_name } : null;
}

/** The receipt of the payment `paymentId`, or undefined when no payment with a receipt has it. */
export async function findReceipt(db: Db, paymentId: number): Promise<ReceiptRecord | undefined> {
  const head = await db
    .selectFrom('receipts as r')
    .innerJoin('ledger_rows as p', 'p.id', 'r.payment_id')
    .innerJoin('users as u', 'u.id', 'p.student_id')
    .select(['r.year', 'r.number', 'p.student_id', 'u.name'])
    .where('r.payment_id', '=', paymentId)
    .where('p.kind', '=', 'payment')
    .executeTakeFirst();
  if (!head) return undefined;
  const [rows, instalments] = await Promise.all([
    ledgerRowsOf(db, head.student_id),
    instalmentsOf(db, head.student_id),
  ]);
  const payment = rows.find((r) => r.id === paymentId);
  if (!payment) return undefined;
  const before = rows.filter((r) => r.id < paymentId);
  const owed = outstandingOf(
    before,
    instalments.filter((i) => i.charge_id < paymentId),
  ).filter((o) => o.outstanding > 0);
  const { allocations, credit } = allocatePayment(
    owed.map((o) => ({
      id: o.instalment.id,
      due_day: o.instalment.due_day,
      outstanding: o.outstanding,
    })),
    payment.amount,
  );
  const instalmentOf = new Map(owed.map((o) => [o.instalment.id, o.instalment]));
  const reasonOf = new Map(before.map((r) => [r.id, r.reason]));
  return {
    payment,
    receiptNumber: receiptNumber(head.year, head.number),
    payer: { id: head.student_id, name: head.name },
    paidFor: allocations.map((a) => {
      const instalment = instalmentOf.get(a.id);
      return {
        label: instalment?.label ?? '',
        chargeReason: reasonOf.get(instalment?.charge_id ?? 0) ?? '',
        dueDay: instalment?.due_day ?? '',
        amount: a.amount,
      };
    }),
    credit,
    balanceAfter: balanceOf([...before, payment]),
    voided: voidOf(rows, paymentId),
  };
}

/** A refund's note as it was issued (a refund is its own document), read back like a receipt. */
export interface RefundNoteRecord {
  refund: StoredRow;
  refundNumber: string;
  payer: { id: number; name: string };
  /** The charge the money went back on, in its own words ("Fees: B1 Evening, Autumn 2026"). */
  forWhat: string;
  /** What the payer owed after the refund (below 0: their credit). */
  balanceAfter: number;
  voided: VoidWords | null;
}

/** The refund note of the refund `refundId`, or undefined when no refund with a note has it. */
export async function findRefundNote(
  db: Db,
  refundId: number,
): Promise<RefundNoteRecord | undefined> {
  const head = await db
    .selectFrom('refund_notes as n')
    .innerJoin('ledger_rows as r', 'r.id', 'n.refund_id')
    .innerJoin('users as u', 'u.id', 'r.student_id')
    .leftJoin('ledger_rows as c', 'c.id', 'r.for_charge')
    .select(['n.year', 'n.number', 'r.student_id', 'u.name', 'c.reason as charge_reason'])
    .where('n.refund_id', '=', refundId)
    .where('r.kind', '=', 'refund')
    .executeTakeFirst();
  if (!head) return undefined;
  const rows = await ledgerRowsOf(db, head.student_id);
  const refund = rows.find((r) => r.id === refundId);
  if (!refund) return undefined;
  return {
    refund,
    refundNumber: refundNumber(head.year, head.number),
    payer: { id: head.student_id, name: head.name },
    forWhat: head.charge_reason ?? refund.reason,
    balanceAfter: balanceOf(rows.filter((r) => r.id <= refundId)),
    voided: voidOf(rows, refundId),
  };
}
