import { formatMoney } from '@academy/contract/tuition/money';
import type { FastifyInstance } from 'fastify';
import { formatTimestamp } from '../../db/time.js';
import { handle } from '../../http/call.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { findStudent } from './ledger-data.js';
import { byOf, currencyOf, moneyAudience } from './money-context.js';
import { decideTransfer, listTransfers, reportTransfer } from './transfers-data.js';

/**
 * Card-to-card transfers, checked (issue 52, point 4). A student reports one from their phone
 * (a guardian who pays does it on the student's account); an administrator approves it, which
 * records the payment and its receipt, or rejects it with a reason; the payer is told either
 * way, in the app and through their channels (the 'payments' kind, which guardians get too).
 * Teachers see none of it.
 */
export function transferRoutes(app: FastifyInstance) {
  handle(app, 'reportCardTransfer', async (ctx) => {
    const { db, input, caller, uploads, today, now } = ctx;
    // The guard lets a teacher act for a student they teach; money is not a teacher's.
    if (caller.isTeacher) throw forbidden('Teachers do not see payments.');
    const payer = await findStudent(db, input.user_id);
    if (!payer) throw notFound('No such student.');
    const currency = currencyOf(ctx);
    const [photo] = uploads;
    if (!photo) throw badRequest('Please add a photo of the transfer’s receipt.');
    if (input.day > today()) throw badRequest('The transfer’s date cannot be after today.');
    const outcome = await reportTransfer(
      db,
      {
        studentId: payer.id,
        amount: input.amount,
        day: input.day,
        cardLast4: input.card_last4,
        tracking: input.tracking,
        photo,
      },
      now(),
    );
    if ('refused' in outcome) {
      if (outcome.refused === 'tracking')
        throw conflict(
          `A transfer with the tracking number ${input.tracking} was reported already.`,
        );
      throw conflict(
        'You have five transfers awaiting approval: please wait until the office checks them.',
      );
    }
    ctx.affects(moneyAudience([payer.id]));
    return {
      success: true,
      message:
        `${caller.isAdmin ? `${payer.name}’s` : 'Your'} transfer of ${formatMoney(input.amount, currency, { withCode: true })} is awaiting ` +
        (caller.isAdmin
          ? 'approval.'
          : 'approval. You will be told when the office has checked it.'),
      id: outcome.id,
    };
  });

  const view = (row: Awaited<ReturnType<typeof listTransfers>>[number], photoUrl: string) => ({
    id: row.id,
    student: { id: row.student_id, name: row.student_name },
    amount: row.amount,
    day: row.day,
    card_last4: row.card_last4,
    tracking: row.tracking,
    state: row.state,
    reason: row.reason,
    receipt_number: row.receipt_number,
    photo_url: photoUrl,
    photo_name: row.file_name,
    created_at: formatTimestamp(row.created_at),
    decided_at: row.decided_at === null ? null : formatTimestamp(row.decided_at),
    decided_by_name: row.decided_by_name,
  });

  handle(app, 'listCardTransfers', async ({ db, input, caller, fileUrl }) => {
    if (caller.isTeacher) throw forbidden('Teachers do not see payments.');
    if (!caller.isAdmin && input.student_id !== caller.id)
      throw forbidden('You can only see your own card transfers.');
    const rows = await listTransfers(db, { state: input.state, studentId: input.student_id });
    return {
      success: true,
      transfers: rows.map((row) => view(row, fileUrl(row.file_id, caller.id))),
    };
  });

  handle(app, 'decideCardTransfer', async (ctx) => {
    const { db, input, caller, now, today, tell } = ctx;
    const currency = currencyOf(ctx);
    const money = (n: number) => formatMoney(n, currency, { withCode: true });
    const approve = input.decision === 'approve';
    const outcome = await decideTransfer(
      db,
      { transferId: input.transfer_id, approve, reason: input.reason ?? '' },
      {
        today: today(),
        by: byOf(caller),
        now: now(),
        tell,
        words: (t) =>
          t.approved
            ? `Your card transfer of ${money(t.amount)} (tracking ${t.tracking}) was approved. ` +
              `Receipt ${t.receipt}.`
            : `Your card transfer of ${money(t.amount)} (tracking ${t.tracking}) was not ` +
              `accepted: ${t.reason}`,
      },
    );
    if ('refused' in outcome) {
      if (outcome.refused === 'missing') throw notFound('No such card transfer.');
      throw conflict(`This transfer was ${outcome.state} already.`);
    }
    ctx.affects(moneyAudience([outcome.studentId]));
    const student = await findStudent(db, outcome.studentId);
    const who = student?.name ?? 'the payer';
    if (outcome.decided === 'approved') {
      const { payment } = outcome;
      ctx.request.auditDetails = {
        decision: 'approved',
        receipt_number: payment.receiptNumber,
        balance_after: payment.balance,
      };
      return {
        success: true,
        message: `Approved: receipt ${payment.receiptNumber} for ${who}. ${who} is told.`,
        receipt_number: payment.receiptNumber,
        balance: payment.balance,
      };
    }
    ctx.request.auditDetails = { decision: 'rejected' };
    return {
      success: true,
      message: `Rejected. ${who} is told why.`,
      receipt_number: null,
      balance: outcome.balance,
    };
  });
}
