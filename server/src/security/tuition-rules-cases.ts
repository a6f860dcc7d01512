import type { tuitionRuleSchemas } from '@academy/contract';
import type { AccessCase } from './access-case.js';

/**
 * The academy's money rules, discounts and leaving settlements (issue 52, point 2): the
 * administrators' alone. B's charge is the world's (tuition-world.ts); no student reads what
 * they would be refunded, nor gives themself a discount, and no teacher does either.
 */
export const tuitionRuleCases: Record<keyof typeof tuitionRuleSchemas, AccessCase> = {
  getMoneyRules: { payload: () => ({}) },
  getFamily: { payload: (w) => ({ student_id: w.a.id }) },
  saveMoneyRules: {
    payload: () => ({
      late_join: 'sessions_left',
      kept_before_percent: 10,
      kept_after_percent: 20,
      refund_rule: 'share_and_sessions',
      sibling_second_percent: 10,
      sibling_third_percent: 15,
      staff_child_percent: 50,
    }),
  },
  grantDiscount: {
    payload: (w) => ({
      user_id: w.ids.payer,
      charge_id: w.ids.charge,
      kind: 'percent',
      value: 10,
      reason: 'Matrix discount',
    }),
  },
  proposeLeaving: { payload: (w) => ({ student_id: w.ids.payer, charge_id: w.ids.charge }) },
  settleLeaving: {
    payload: (w) => ({ user_id: w.ids.payer, charge_id: w.ids.charge, settle: 'credit' }),
  },
};
