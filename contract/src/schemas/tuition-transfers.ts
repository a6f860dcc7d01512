import { z } from 'zod';
import { westernDigits } from '../tuition/money.js';
import { defineSchemas, Id, SuccessResponse, Timestamp, text } from './common.js';
import { Amount, Day, LEDGER_TEXT_MAX } from './tuition.js';

/**
 * New (issue 52, point 4): card-to-card transfers, checked. The payer reports a transfer from
 * their phone with a photo of its receipt; it waits as "awaiting approval" until an
 * administrator approves it (the payment and its receipt are made then) or rejects it with a
 * reason. Digits may come in Persian or Arabic-Indic (a phone's keyboard): read as Western.
 */

import { CARD_TRANSFER_STATES } from '../tuition/limits.js';

export {
  CARD_TRANSFER_STATES,
  CARD_TRANSFERS_AWAITING_MAX,
  type CardTransferState,
} from '../tuition/limits.js';

/**
 * What a phone sends (multipart: every field is text). The photo is the `photo` file. The payer
 * is `user_id`: a student reports their own; the office may report one for a payer who sent the
 * photo another way (it waits for approval all the same).
 */
export const ReportCardTransferRequest = z.object({
  user_id: Id,
  amount: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,16}\s*$/.test(v) ? Number(v) : v),
    Amount('The amount').refine((n) => n > 0, { error: 'The amount must be more than 0.' }),
  ),
  day: Day('The transfer’s date must be a date, such as 2026-10-01.'),
  card_last4: z
    .string({ error: 'Please enter the last four digits of the card you paid from.' })
    .transform((v) => westernDigits(v).replace(/\s/g, ''))
    .refine((v) => /^\d{4}$/.test(v), {
      error: 'Please enter the last four digits of the card you paid from.',
    }),
  tracking: z
    .string({ error: 'Please enter the transfer’s tracking number.' })
    .transform((v) => westernDigits(v).replace(/\s/g, ''))
    .refine((v) => /^[0-9A-Za-z-]{4,30}$/.test(v), {
      error: 'Please enter the transfer’s tracking number (4 to 30 letters and digits).',
    }),
});

export const ReportCardTransferResponse = SuccessResponse.extend({ id: Id });

export const CardTransferView = z.object({
  id: Id,
  student: z.object({ id: Id, name: z.string() }),
  amount: z.number(),
  day: z.string(),
  card_last4: z.string(),
  tracking: z.string(),
  state: z.enum(CARD_TRANSFER_STATES),
  /** A rejection's reason; '' otherwise. */
  reason: z.string(),
  /** An approved transfer's receipt number. */
  receipt_number: z.string().nullable(),
  /** A signed link to the photo (two hours), for whoever may see it. */
  photo_url: z.string(),
  photo_name: z.string(),
  created_at: Timestamp,
  decided_at: Timestamp.nullable(),
  decided_by_name: z.string(),
});

/**
 * Transfers in a state, or one payer's (`student_id`: a student names themself; not `user_id`,
 * which a teacher may read as, and money is not a teacher's).
 */
export const ListCardTransfersRequest = z.object({
  state: z
    .enum(CARD_TRANSFER_STATES, { error: 'The state must be awaiting, approved or rejected.' })
    .optional(),
  student_id: Id.optional(),
});

export const ListCardTransfersResponse = z.object({
  success: z.literal(true),
  transfers: z.array(CardTransferView),
});

export const DecideCardTransferRequest = z
  .object({
    transfer_id: Id,
    decision: z.enum(['approve', 'reject'], { error: 'The decision must be approve or reject.' }),
    reason: text(LEDGER_TEXT_MAX, 'Please give the reason.').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'reject' && !value.reason)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Please give the reason for rejecting it: the payer is told it.',
      });
  });

export const DecideCardTransferResponse = SuccessResponse.extend({
  /** Approved: the payment's receipt number. */
  receipt_number: z.string().nullable(),
  /** What the payer owes after; below 0, their credit. */
  balance: z.number(),
});

export const tuitionTransferSchemas = defineSchemas({
  reportCardTransfer: { request: ReportCardTransferRequest, response: ReportCardTransferResponse },
  listCardTransfers: { request: ListCardTransfersRequest, response: ListCardTransfersResponse },
  decideCardTransfer: { request: DecideCardTransferRequest, response: DecideCardTransferResponse },
});
