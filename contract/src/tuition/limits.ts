/**
 * Tuition's fixed lists and limits (issue 52), without zod: the screens import them from here
 * so the browser's chunks carry no schema library (bench/size.mjs checks), and the contract's
 * schemas re-export them for the server.
 */

/** How a payment was made at the desk (issue 52, point 3). */
export const PAYMENT_METHODS = [
  'cash',
  'card_reader',
  'card_transfer',
  'bank_deposit',
  'cheque',
  'other',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Each method in words, as receipts, the desk and the server's messages say it. */
export const PAYMENT_METHOD_WORDS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card_reader: 'Card reader',
  card_transfer: 'Card-to-card transfer',
  bank_deposit: 'Bank deposit',
  cheque: 'Cheque',
  other: 'Other',
};

/** The most optional items (books, materials) a plan may list. */
export const FEE_ITEMS_MAX = 10;
/** The longest reason, reference or cheque number kept on a ledger row. */
export const LEDGER_TEXT_MAX = 200;

export const CARD_TRANSFER_STATES = ['awaiting', 'approved', 'rejected'] as const;
export type CardTransferState = (typeof CARD_TRANSFER_STATES)[number];

/** The most transfers one payer may have awaiting approval at once. */
export const CARD_TRANSFERS_AWAITING_MAX = 5;
