import type { FastifyInstance } from 'fastify';
import { handle } from '../../http/call.js';
import { forbidden, notFound } from '../../http/errors.js';
import { answerFile } from '../../http/file-answer.js';
import { currencyOf } from './money-context.js';
import { RECEIPT } from './receipt-paper.js';
import {
  receiptFileName,
  receiptWords,
  refundNoteFileName,
  refundNoteWords,
} from './receipt-words.js';
import { findReceipt, findRefundNote } from './receipts-data.js';

/**
 * A payment's receipt, and a refund's note, as PDFs (issue 52, point 3), drawn on the app's PDF threads
 * (pdf/pdfs.ts) and served again while nothing on it changes. An administrator's for any
 * payment, a student's for their own; a teacher reads no money. A payment of another student's
 * is answered as one that does not exist. A read: not audited.
 */
export function receiptRoutes(app: FastifyInstance) {
  handle(app, 'downloadReceipt', async (ctx) => {
    const { db, input, caller, settings } = ctx;
    if (caller.isTeacher) throw forbidden('Teachers do not see payments.');
    const receipt = await findReceipt(db, input.payment_id);
    if (!receipt || (!caller.isAdmin && receipt.payer.id !== caller.id))
      throw notFound('No such receipt.');
    const currency = currencyOf(ctx);
    const academyName = settings.current.academyName;
    const pdf = await ctx.pdfs.make(
      RECEIPT,
      {
        info: {
          title: `Receipt ${receipt.receiptNumber}: ${receipt.payer.name}`,
          author: academyName,
        },
        words: receiptWords(receipt, { academyName, currency }),
      },
      caller.id,
    );
    return answerFile(ctx.reply, 'pdf', pdf, receiptFileName(receipt.receiptNumber));
  });

  // A refund is its own document, drawn on the receipt's paper with its own words.
  handle(app, 'downloadRefundNote', async (ctx) => {
    const { db, input, caller, settings } = ctx;
    if (caller.isTeacher) throw forbidden('Teachers do not see payments.');
    const note = await findRefundNote(db, input.refund_id);
    if (!note || (!caller.isAdmin && note.payer.id !== caller.id))
      throw notFound('No such refund note.');
    const academyName = settings.current.academyName;
    const pdf = await ctx.pdfs.make(
      RECEIPT,
      {
        info: { title: `Refund ${note.refundNumber}: ${note.payer.name}`, author: academyName },
        words: refundNoteWords(note, { academyName, currency: currencyOf(ctx) }),
      },
      caller.id,
    );
    return answerFile(ctx.reply, 'pdf', pdf, refundNoteFileName(note.refundNumber));
  });
}
