import type { tuitionReportSchemas } from '@academy/contract';
import type { AccessCase } from './access-case.js';

/**
 * The money reports (issue 52, point 8): the administrators' alone. No teacher reads the
 * academy's income, what its terms are owed or its receipt numbers, and no student does.
 */
const income: AccessCase = {
  payload: () => ({ from: '2026-01-01', to: '2026-12-31', by: 'month' }),
};

export const tuitionReportCases: Record<keyof typeof tuitionReportSchemas, AccessCase> = {
  moneyIncome: income,
  exportMoneyIncome: income,
  moneyOutstanding: { payload: (w) => ({ term_id: w.ids.term }) },
  receiptCheck: { payload: () => ({ year: 2026 }) },
};
