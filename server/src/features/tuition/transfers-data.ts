import { CARD_TRANSFERS_AWAITING_MAX, type CardTransferState } from '@academy/contract';
import { balanceOf, receiptNumber } from '@academy/contract/tuition/ledger';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';
import { holdPeople } from '../../domain/people.js';
import type { Tell } from '../../domain/tell.js';
import { recordFiles } from '../../files/files-data.js';
import type { ReceivedFile } from '../../files/uploads.js';
import { ledgerRowsOf } from './ledger-data.js';
import { type PaymentContext, type RecordedPayment, recordPaymentIn } from './payments-data.js';

/**
 * Card-to-card transfers (issue 52, point 4; migration 0055): reported by the payer with a
 * photo, decided once by an administrator. Approving makes the payment (a ledger row and its
 * receipt, numbered on the server) in the transaction that marks the transfer approved, so a
 * transfer is never approved without its payment nor paid twice; two administrators deciding at
 * once meet the state check of one conditional update, and the second is told it was decided.
 */

export interface TransferReport {
  studentId: number;
  amount: number;
  day: string;
  cardLast4: string;
  tracking: string;
  photo: ReceivedFile;
}

export type ReportOutcome = { id: number } | { refused: 'too-many' } | { refused: 'tracking' };

/** Records a payer's report with its photo; refuses a sixth awaiting one or a tracking twice. */
export async function reportTransfer(db: Db, report: TransferReport, now: number) {
  try {
    return await db.transaction().execute(async (trx): Promise<ReportOutcome> => {
      // Counted and added with the student held: two reports at once (two taps, two tabs)
      // cannot both find room for one more (domain/people.ts holdPeople).
      await holdPeople(trx, [report.studentId]);
      const awaiting = await trx
        .selectFrom('card_transfers')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('student_id', '=', report.studentId)
        .where('state', '=', 'awaiting')
        .executeTakeFirstOrThrow();
      if (Number(awaiting.n) >= CARD_TRANSFERS_AWAITING_MAX) return { refused: 'too-many' };
      const [fileId] = await recordFiles(trx, [report.photo], report.studentId, now);
      const { id } = await trx
        .insertInto('card_transfers')
        .values({
          student_id: report.studentId,
          amount: report.amount,
          day: report.day,
          card_last4: report.cardLast4,
          tracking: report.tracking,
          file_id: fileId as number,
          state: 'awaiting',
          payment_id: null,
          decided_by: null,
          decided_at: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { refused: 'tracking' };
    throw error;
  }
}

/** A transfer as the screens list it, with its student, photo and receipt number. */
export async function listTransfers(
  db: Db,
  filter: { state?: CardTransferState | undefined; studentId?: number | undefined },
) {
  let query = db
    .selectFrom('card_transfers as t')
    .innerJoin('users as u', 'u.id', 't.student_id')
    .innerJoin('stored_files as f', 'f.id', 't.file_id')
    .leftJoin('receipts as r', 'r.payment_id', 't.payment_id')
    .select([
      't.id',
      't.student_id',
      'u.name as student_name',
      't.amount',
      't.day',
      't.card_last4',
      't.tracking',
      't.state',
      't.reason',
      't.file_id',
      'f.file_name',
      't.created_at',
      't.decided_at',
      't.decided_by_name',
      'r.year',
      'r.number',
    ]);
  if (filter.state) query = query.where('t.state', '=', filter.state);
  if (filter.studentId !== undefined) query = query.where('t.student_id', '=', filter.studentId);
  // Awaiting: the oldest first, as a queue; decided and a payer's own: the newest first.
  const rows = await query
    .orderBy('t.id', filter.state === 'awaiting' ? 'asc' : 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    ...r,
    receipt_number: r.year !== null && r.number !== null ? receiptNumber(r.year, r.number) : null,
  }));
}

export type DecideOutcome =
  | { decided: 'approved'; studentId: number; payment: RecordedPayment }
  | { decided: 'rejected'; studentId: number; balance: number }
  | { refused: 'missing' }
  | { refused: 'decided'; state: CardTransferState };

/**
 * Approves or rejects an awaiting transfer, telling the payer in the same transaction. The
 * conditional update comes first: on PostgreSQL it holds the row, so a second decision waits
 * and then finds it decided; SQLite writes one transaction at a time.
 */
export async function decideTransfer(
  db: Db,
  decision: { transferId: number; approve: boolean; reason: string },
  context: PaymentContext & { tell: Tell; words: (t: DecidedTransfer) => string },
): Promise<DecideOutcome> {
  return db.transaction().execute(async (trx): Promise<DecideOutcome> => {
    const updated = await trx
      .updateTable('card_transfers')
      .set({
        state: decision.approve ? 'approved' : 'rejected',
        reason: decision.approve ? '' : decision.reason,
        decided_by: context.by.id,
        decided_by_name: context.by.name,
        decided_at: context.now,
      })
      .where('id', '=', decision.transferId)
      .where('state', '=', 'awaiting')
      .returning(['id', 'student_id', 'amount', 'day', 'card_last4', 'tracking'])
      .executeTakeFirst();
    if (!updated) {
      const found = await trx
        .selectFrom('card_transfers')
        .select('state')
        .where('id', '=', decision.transferId)
        .executeTakeFirst();
      return found ? { refused: 'decided', state: found.state } : { refused: 'missing' };
    }
    if (!decision.approve) {
      await context.tell(trx, {
        userId: updated.student_id,
        topic: 'payment',
        refId: updated.id,
        text: context.words({ ...updated, approved: false, reason: decision.reason }),
      });
      const rows = await ledgerRowsOf(trx, updated.student_id);
      return { decided: 'rejected', studentId: updated.student_id, balance: balanceOf(rows) };
    }
    const payment = await recordPaymentIn(
      trx,
      {
        studentId: updated.student_id,
        amount: updated.amount,
        day: updated.day,
        method: 'card_transfer',
        reference: `Tracking ${updated.tracking}, card ending ${updated.card_last4}`,
        chequeNumber: '',
        chequeDay: null,
      },
      context,
    );
    await trx
      .updateTable('card_transfers')
      .set({ payment_id: payment.paymentId })
      .where('id', '=', updated.id)
      .execute();
    await context.tell(trx, {
      userId: updated.student_id,
      topic: 'payment',
      refId: updated.id,
      text: context.words({ ...updated, approved: true, receipt: payment.receiptNumber }),
    });
    return { decided: 'approved', studentId: updated.student_id, payment };
  });
}

/** What the payer is told of a decision is worded from this. */
export interface DecidedTransfer {
  amount: number;
  day: string;
  tracking: string;
  approved: boolean;
  reason?: string;
  receipt?: string;
}
