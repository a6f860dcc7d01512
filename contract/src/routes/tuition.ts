import { defineRoutes } from './meta.js';

/**
 * New (issue 52): tuition and payments, the first server slice. Money is the administrators':
 * plans, charges, the desk's payments and voids. A student reads their own statement; a
 * teacher reads none. Writes tell the `tuition` topic to administrators and the payers they
 * concern, never to a teacher.
 */
export const tuitionRoutes = defineRoutes({
  /** A class's fee plan for a term (null: none yet), and the academy's currency. */
  getFeePlan: {
    method: 'GET',
    path: '/api/get_fee_plan.php',
    access: 'admin',
    encoding: 'query',
  },
  /** Sets a class's fee plan for a term; students charged already keep what they were charged. */
  saveFeePlan: {
    method: 'POST',
    path: '/api/save_fee_plan.php',
    access: 'admin',
    encoding: 'json',
    changes: ['tuition'],
  },
  /** Charges the plan to the class's students not charged it yet, with its instalments. */
  chargeClassFees: {
    method: 'POST',
    path: '/api/charge_class_fees.php',
    access: 'admin',
    encoding: 'json',
    changes: ['tuition'],
  },
  /**
   * A payer's statement: rows, balance, instalments with what is outstanding, receipts. The
   * payer is named `student_id`, not `user_id`: a teacher may read a student's own calls as the
   * student (the guard's reach), and money is not a teacher's to read; the handler admits an
   * administrator, or a student for themself.
   */
  getStatement: {
    method: 'GET',
    path: '/api/get_statement.php',
    access: 'user',
    encoding: 'query',
  },
  /** A payment at the desk: its receipt number is taken in its transaction. */
  recordPayment: {
    method: 'POST',
    path: '/api/record_payment.php',
    access: 'admin',
    encoding: 'json',
    changes: ['tuition'],
  },
  /**
   * One payment for brothers and sisters (students sharing a guardian): split across their
   * instalments, earliest due first, with a receipt for each child's share, in one transaction.
   */
  recordFamilyPayment: {
    method: 'POST',
    path: '/api/record_family_payment.php',
    access: 'admin',
    encoding: 'json',
    changes: ['tuition'],
  },
  /** Cancels a ledger row with a reason, by a void row pointing at it; nothing is deleted. */
  voidLedgerRow: {
    method: 'POST',
    path: '/api/void_ledger_row.php',
    access: 'admin',
    encoding: 'json',
    changes: ['tuition'],
  },
  /**
   * A payment's receipt as a PDF to print: its number, the payer, what it paid, the method and
   * the balance after; VOID if its payment was voided. The payment is named `payment_id`, never
   * a `user_id` a teacher may read as: the handler admits an administrator, or the payer.
   */
  downloadReceipt: {
    method: 'GET',
    path: '/api/download_receipt.php',
    access: 'user',
    encoding: 'query',
    file: 'pdf',
  },
  /**
   * A refund's note as a PDF to print (a refund is its own document): its number, the payer,
   * what it was refunded for, the method and the balance after; VOID if the refund was voided.
   * Named `refund_id`, admitted to an administrator or the payer, as a receipt is.
   */
  downloadRefundNote: {
    method: 'GET',
    path: '/api/download_refund_note.php',
    access: 'user',
    encoding: 'query',
    file: 'pdf',
  },
  /** The desk's search: students by name or username, each with their balance. */
  findPayers: {
    method: 'GET',
    path: '/api/find_payers.php',
    access: 'admin',
    encoding: 'query',
  },
});
