import { defineRoutes } from './meta.js';

/**
 * New (issue 52, point 4): card-to-card transfers, checked. A student (or a guardian on the
 * student's phone) reports a transfer with a photo of its receipt; an administrator approves
 * it, which records the payment and its receipt, or rejects it with a reason; the payer is told
 * either way, in the app and through their channels. No receipt number is ever given on a
 * device: only the approval takes one, on the server.
 */
export const tuitionTransferRoutes = defineRoutes({
  /** The payer reports a transfer: amount, date, the card's last four digits, tracking number. */
  reportCardTransfer: {
    method: 'POST',
    path: '/api/report_card_transfer.php',
    access: 'user',
    encoding: 'multipart',
    changes: ['tuition'],
  },
  /**
   * Transfers in one state (awaiting approval: the oldest first, as a queue), or one payer's:
   * an administrator's of anyone, a student's of their own; no teacher's.
   */
  listCardTransfers: {
    method: 'GET',
    path: '/api/list_card_transfers.php',
    access: 'user',
    encoding: 'query',
  },
  /** Approves a transfer (its payment and receipt are made) or rejects it with a reason. */
  decideCardTransfer: {
    method: 'POST',
    path: '/api/decide_card_transfer.php',
    access: 'admin',
    encoding: 'json',
    changes: ['tuition', 'notifications'],
  },
});
