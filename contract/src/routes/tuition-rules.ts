import { defineRoutes } from './meta.js';

/**
 * New (issue 52, point 2): the academy's money rules, discounts at the desk, and a leaving
 * student's refund proposal and its settlement. The administrators' alone.
 */
export const tuitionRuleRoutes = defineRoutes({
  getMoneyRules: {
    method: 'GET',
    path: '/api/get_money_rules.php',
    access: 'admin',
    encoding: 'query',
  },
  saveMoneyRules: {
    method: 'POST',
    path: '/api/save_money_rules.php',
    access: 'admin',
    encoding: 'json',
    changes: ['tuition'],
  },
  /** A discount off one of a payer's charges, with its reason. */
  grantDiscount: {
    method: 'POST',
    path: '/api/grant_discount.php',
    access: 'admin',
    encoding: 'json',
    changes: ['tuition'],
  },
  /** What a student leaving a class would be refunded or still owe, by the academy's rules. */
  proposeLeaving: {
    method: 'GET',
    path: '/api/propose_leaving.php',
    access: 'admin',
    encoding: 'query',
  },
  /** Settles a leaving student's charge as the proposal says: refunded, or kept as credit. */
  settleLeaving: {
    method: 'POST',
    path: '/api/settle_leaving.php',
    access: 'admin',
    encoding: 'json',
    changes: ['tuition'],
  },
  /** A payer's brothers and sisters (a guardian in common) and what each owes: the desk's family. */
  getFamily: {
    method: 'GET',
    path: '/api/get_family.php',
    access: 'admin',
    encoding: 'query',
  },
});
