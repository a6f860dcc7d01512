import { defineRoutes } from './meta.js';

/**
 * New (issue 52, point 8): the money reports, the administrators' alone, each a read. Income
 * per day or month by method (and as CSV, the JSON text the shared export button saves), what
 * is outstanding per term, and the check of a year's receipt numbers.
 */
export const tuitionReportRoutes = defineRoutes({
  /** Payments less refunds per day or month of a range, by method, with totals. */
  moneyIncome: {
    method: 'GET',
    path: '/api/money_income.php',
    access: 'admin',
    encoding: 'query',
  },
  /** The same as CSV, one line per period. */
  exportMoneyIncome: {
    method: 'GET',
    path: '/api/export_money_income.php',
    access: 'admin',
    encoding: 'query',
  },
  /** Per term: charged, discounts, paid, outstanding and overdue, with how many payers. */
  moneyOutstanding: {
    method: 'GET',
    path: '/api/money_outstanding.php',
    access: 'admin',
    encoding: 'query',
  },
  /** A year's receipt numbers: none missing, none twice; the voided ones named. */
  receiptCheck: {
    method: 'GET',
    path: '/api/receipt_check.php',
    access: 'admin',
    encoding: 'query',
  },
});
