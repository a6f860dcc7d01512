import { z } from 'zod';
import { LEDGER_TEXT_MAX } from '../tuition/limits.js';
import { LATE_JOIN_RULES, REFUND_RULES, refundTermsProblem } from '../tuition/rules.js';
import { defineSchemas, Id, NoPayload, SuccessResponse, text, wholeNumber } from './common.js';
import { Amount, CurrencyView, PaymentMethodField } from './tuition.js';

/**
 * New (issue 52, point 2): the academy's money rules (late joining, leaving, sibling and staff
 * child discounts), a discount given at the desk, and what a leaving student is proposed and
 * how it is settled. Administrators only.
 */

const Percent = (what: string) =>
  wholeNumber({
    least: 0,
    leastWords: 0,
    most: 100,
    tooBig: `must be at most 100 (${what})`,
    digits: 3,
  });

export const MoneyRulesSchema = z
  .object({
    late_join: z.enum(LATE_JOIN_RULES, {
      error: `Late joining must be one of ${LATE_JOIN_RULES.join(', ')}.`,
    }),
    kept_before_percent: Percent('the share kept before the term starts'),
    kept_after_percent: Percent('the share kept after the term starts'),
    refund_rule: z.enum(REFUND_RULES, {
      error: `The refund rule must be one of ${REFUND_RULES.join(', ')}.`,
    }),
    sibling_second_percent: Percent('the second child’s discount'),
    sibling_third_percent: Percent('the third child’s discount'),
    staff_child_percent: Percent('the staff child discount'),
  })
  .superRefine((rules, ctx) => {
    const problem = refundTermsProblem({
      keptBeforeStartPercent: rules.kept_before_percent,
      keptAfterStartPercent: rules.kept_after_percent,
      rule: rules.refund_rule,
    });
    if (problem)
      ctx.addIssue({
        code: 'custom',
        message: problem,
        path: ['kept_after_percent'],
        input: rules,
      });
  });

export const GetMoneyRulesResponse = z.object({
  success: z.literal(true),
  rules: MoneyRulesSchema,
  /** When they were last saved, and by whom; null: never (the defaults). */
  saved: z.object({ at: z.number(), by: z.string() }).nullable(),
});

/** A discount off one of the payer's charges: a percent of it, or an amount, with the reason. */
export const GrantDiscountRequest = z
  .object({
    user_id: Id,
    /** The charge it comes off (a row of kind 'charge' no void cancels). */
    charge_id: Id,
    kind: z.enum(['percent', 'amount'], { error: 'The discount is a percent or an amount.' }),
    /** A whole percent (1–100), or an amount in minor units. */
    value: Amount('The discount').refine((n) => n > 0, {
      error: 'The discount must be more than 0.',
    }),
    reason: text(LEDGER_TEXT_MAX, 'Please give the reason for the discount.'),
  })
  .superRefine((d, ctx) => {
    if (d.kind === 'percent' && d.value > 100)
      ctx.addIssue({
        code: 'custom',
        message: 'A discount is at most 100%.',
        path: ['value'],
        input: d.value,
      });
  });

export const BalanceAfterResponse = SuccessResponse.extend({ balance: z.number() });

export const LeavingRequest = z.object({ student_id: Id, charge_id: Id });

/** What a leaving student is proposed, by the academy's rules (tuition/rules.ts refundProposal). */
export const LeavingProposalResponse = z.object({
  success: z.literal(true),
  currency: CurrencyView,
  /** The class and term the charge is for. */
  what: z.string(),
  /** The charge less its discounts. */
  fee: z.number(),
  /** What the payer's credits have paid of it. */
  paid: z.number(),
  kept: z.number(),
  refund: z.number(),
  owed: z.number(),
  term_started: z.boolean(),
  sessions_total: z.number().int(),
  sessions_taken: z.number().int(),
  /** Settled already: the proposal is what was settled, and nothing more can be done. */
  settled: z.boolean(),
});

export const SettleLeavingRequest = z.object({
  user_id: Id,
  charge_id: Id,
  /** 'refund': the refund is paid back; 'credit': it stays on the ledger for the next term. */
  settle: z.enum(['refund', 'credit'], { error: 'Settle it as a refund or as credit.' }),
  /** How a refund goes back, as its refund note says; 'other' when not said. */
  method: PaymentMethodField.default('other'),
});

export const SettleLeavingResponse = BalanceAfterResponse.extend({
  /** The refund note's number when money went back; null otherwise. */
  refund_number: z.string().nullable(),
});

export const FamilyRequest = z.object({ student_id: Id });

export const FamilyResponse = z.object({
  success: z.literal(true),
  /** The payer's brothers and sisters, by name, each with their balance (below 0: credit). */
  family: z.array(z.object({ id: Id, name: z.string(), balance: z.number() })),
});

export const tuitionRuleSchemas = defineSchemas({
  getFamily: { request: FamilyRequest, response: FamilyResponse },
  getMoneyRules: { request: NoPayload, response: GetMoneyRulesResponse },
  saveMoneyRules: { request: MoneyRulesSchema, response: SuccessResponse },
  grantDiscount: { request: GrantDiscountRequest, response: BalanceAfterResponse },
  proposeLeaving: { request: LeavingRequest, response: LeavingProposalResponse },
  settleLeaving: { request: SettleLeavingRequest, response: SettleLeavingResponse },
});
