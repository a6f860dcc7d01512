import { defineRoutes } from './meta.js';

/**
 * New (issue 52, point 5): who owes, the administrators' alone. The debtors list with its
 * totals over every filtered row, the list as files (the result sheet's pair: the CSV as JSON
 * text for the shared export button, the XLSX as the file itself), and a reminder to the
 * payers it filters, after the screen shows how many and the SMS it would queue.
 */
export const tuitionDebtorRoutes = defineRoutes({
  /** A page of the payers who owe, with totals over every row the filters keep. */
  listDebtors: {
    method: 'GET',
    path: '/api/list_debtors.php',
    access: 'admin',
    encoding: 'query',
  },
  /** The filtered debtors as CSV (every row, not a page). */
  exportDebtors: {
    method: 'GET',
    path: '/api/export_debtors.php',
    access: 'admin',
    encoding: 'query',
  },
  /** The same as an XLSX spreadsheet. */
  exportDebtorsXlsx: {
    method: 'GET',
    path: '/api/export_debtors_xlsx.php',
    access: 'admin',
    encoding: 'query',
    file: 'xlsx',
  },
  /** How many payers a reminder would tell, and the SMS it would queue against the month's cap. */
  estimateDebtorReminder: {
    method: 'GET',
    path: '/api/estimate_debtor_reminder.php',
    access: 'admin',
    encoding: 'query',
  },
  /** Tells each filtered debtor what they owe and when the next part falls due. */
  remindDebtors: {
    method: 'POST',
    path: '/api/remind_debtors.php',
    access: 'admin',
    encoding: 'json',
    changes: ['notifications'],
  },
  /** The automatic reminders before and after each instalment's due day, and their words. */
  getPaymentReminders: {
    method: 'GET',
    path: '/api/get_payment_reminders.php',
    access: 'admin',
    encoding: 'query',
  },
  savePaymentReminders: {
    method: 'POST',
    path: '/api/save_payment_reminders.php',
    access: 'admin',
    encoding: 'json',
    changes: ['tuition'],
  },
});
