import type { tuitionDebtorSchemas } from '@academy/contract';
import type { AccessCase } from './access-case.js';

/**
 * Who owes (issue 52, point 5): the administrators' alone. No teacher reads the debtors of
 * their own class, and no student reads anyone's, nor reminds anyone.
 */
const filters: AccessCase = {
  payload: (w) => ({ class_id: w.ids.schoolClass, term_id: w.ids.term }),
};

export const tuitionDebtorCases: Record<keyof typeof tuitionDebtorSchemas, AccessCase> = {
  listDebtors: filters,
  exportDebtors: filters,
  exportDebtorsXlsx: filters,
  estimateDebtorReminder: filters,
  remindDebtors: filters,
  // The academy's automatic reminders: no teacher or student reads or changes them.
  getPaymentReminders: { payload: () => ({}) },
  savePaymentReminders: {
    payload: () => ({
      days_before: 3,
      days_overdue: 2,
      before_text: '{academy}: {part} is due on {due}.',
      overdue_text: '{academy}: {part} was due on {due}.',
    }),
  },
};
