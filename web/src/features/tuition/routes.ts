import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

/**
 * Tuition and payments (issue 52): money is the administrators' (fee plans, the desk); a
 * student sees their own. Each screen is its own chunk (bench:size).
 */
export const adminRoutes: RouteObject[] = [
  screenRoute(paths.feePlan, 'live', () => import('./plans/fee-plan-screen')),
  screenRoute(paths.payments, 'live', () => import('./desk/payments-screen')),
  screenRoute(paths.debtors, 'live', () => import('./debtors/debtors-screen')),
  screenRoute(paths.cardTransfers, 'live', () => import('./transfers/card-transfers-screen')),
  screenRoute(paths.moneyReports, 'live', () => import('./reports/money-reports-screen')),
  screenRoute(paths.teacherPay, 'live', () => import('./pay/teacher-pay-screen')),
  screenRoute(paths.moneyRules, 'live', () => import('./rules/money-rules-screen')),
  screenRoute(paths.payerStatement, 'live', () => import('./desk/payer-statement-screen')),
];

export const studentRoutes: RouteObject[] = [
  screenRoute(paths.myPayments, 'kept', () => import('./mine/my-payments-screen')),
  screenRoute(paths.cardTransfer, 'form', () => import('./transfers/card-transfer-screen')),
];

/** A teacher's own pay (point 7): never kept on the device, as no money of staff is. */
export const teacherRoutes: RouteObject[] = [
  screenRoute(paths.myPay, 'live', () => import('./pay/my-pay-screen')),
];
