import type { tuitionSchemas, tuitionTransferSchemas } from '@academy/contract';
import { samples } from '../test-support/samples.js';
import { WORLD_FEE_PLAN } from '../test-support/tuition-world.js';
import type { AccessCase } from './access-case.js';

/**
 * Tuition and payments (issue 52): the administrators' money. A student reads only their own
 * statement (B naming A is refused as B naming nobody), and no teacher reads any of it, A's
 * teacher included: the payer is `student_id`, not a `user_id` a teacher may read as.
 */
export const tuitionCases: Record<
  keyof typeof tuitionSchemas | keyof typeof tuitionTransferSchemas,
  AccessCase
> = {
  getFeePlan: { payload: (w) => ({ class_id: w.ids.schoolClass, term_id: w.ids.term }) },
  saveFeePlan: {
    payload: (w) => ({ class_id: w.ids.schoolClass, term_id: w.ids.term, ...WORLD_FEE_PLAN }),
  },
  chargeClassFees: { payload: (w) => ({ class_id: w.ids.schoolClass, term_id: w.ids.term }) },
  getStatement: { payload: (w) => ({ student_id: w.a.id }) },
  recordPayment: {
    payload: (w) => ({ user_id: w.a.id, amount: 1_000, day: '2020-01-01', method: 'cash' }),
  },
  // A has no brothers or sisters in the world: a family of one, paid as A's own payment.
  recordFamilyPayment: {
    payload: (w) => ({ user_id: w.a.id, amount: 1_000, day: '2020-01-01', method: 'cash' }),
  },
  voidLedgerRow: {
    payload: (w) => ({ user_id: w.ids.payer, row_id: w.ids.ledgerRow, reason: 'Matrix void' }),
  },
  findPayers: { payload: () => ({ q: 'Student' }) },
  // B's payment (A keeps no money, so deleting A stays a test of deletion): B is its payer.
  downloadReceipt: { payload: (w) => ({ payment_id: w.ids.ledgerRow }), ofB: true },
  // B's refund's note, as B's receipt: B is its payer.
  downloadRefundNote: { payload: (w) => ({ refund_id: w.ids.refund }), ofB: true },
  // Card transfers (point 4): A reports their own; the office may report one for A; no teacher.
  reportCardTransfer: {
    payload: (w) => ({
      user_id: w.a.id,
      amount: '100000',
      day: '2020-01-01',
      card_last4: '1234',
      tracking: 'TRK-0001',
    }),
    files: () => ({ photo: { filename: 'transfer.png', content: samples.png } }),
  },
  listCardTransfers: { payload: (w) => ({ student_id: w.a.id }) },
  decideCardTransfer: {
    payload: (w) => ({ transfer_id: w.ids.cardTransfer, decision: 'reject', reason: 'Unreadable' }),
  },
};
