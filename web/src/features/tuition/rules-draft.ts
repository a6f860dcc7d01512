import type { CallRequest } from '@academy/contract';
import { type Currency, formatMoney } from '@academy/contract/tuition/money';
import {
  type LateJoinRule,
  type MoneyRules,
  type RefundRule,
  refundTermsProblem,
} from '@academy/contract/tuition/rules';
import { readAmount } from './amount-field';
import type { StatementRow } from './statement';

/** The money rules form as typed: its percents as text. */
export interface RulesDraft {
  late_join: LateJoinRule;
  kept_before_percent: string;
  kept_after_percent: string;
  refund_rule: RefundRule;
  sibling_second_percent: string;
  sibling_third_percent: string;
  staff_child_percent: string;
}

/** The percents of the rules, each with its name in words for a problem. */
export const PERCENT_WORDS = {
  kept_before_percent: 'The share kept before the term starts',
  kept_after_percent: 'The share kept after the term starts',
  sibling_second_percent: 'The second child’s discount',
  sibling_third_percent: 'The third and later child’s discount',
  staff_child_percent: 'The staff child discount',
} as const;
type PercentName = keyof typeof PERCENT_WORDS;
const PERCENTS = Object.keys(PERCENT_WORDS) as PercentName[];

/** The form as the saved rules start it. */
export const draftOf = (rules: MoneyRules): RulesDraft => ({
  ...rules,
  kept_before_percent: String(rules.kept_before_percent),
  kept_after_percent: String(rules.kept_after_percent),
  sibling_second_percent: String(rules.sibling_second_percent),
  sibling_third_percent: String(rules.sibling_third_percent),
  staff_child_percent: String(rules.staff_child_percent),
});

/** A whole percent typed (`least` to 100, ASCII digits), or null. */
function wholePercent(typed: string, least = 0): number | null {
  const t = typed.trim();
  if (!/^\d{1,3}$/.test(t)) return null;
  const n = Number(t);
  return n >= least && n <= 100 ? n : null;
}

/**
 * The rules a draft makes, or its first problem in words, as the server would refuse it: each
 * percent a whole number from 0 to 100, and the share kept after the start not below the one
 * kept before (refundTermsProblem).
 */
export function readRules(draft: RulesDraft): { rules: MoneyRules } | { problem: string } {
  const percents = {} as Record<PercentName, number>;
  for (const name of PERCENTS) {
    const n = wholePercent(draft[name]);
    if (n === null)
      return { problem: `${PERCENT_WORDS[name]} must be a whole number from 0 to 100.` };
    percents[name] = n;
  }
  const problem = refundTermsProblem({
    keptBeforeStartPercent: percents.kept_before_percent,
    keptAfterStartPercent: percents.kept_after_percent,
    rule: draft.refund_rule,
  });
  if (problem) return { problem };
  return { rules: { late_join: draft.late_join, refund_rule: draft.refund_rule, ...percents } };
}

/** The charges a discount may come off or a student may leave: those no void cancels. */
export const standingCharges = (rows: readonly StatementRow[]): StatementRow[] =>
  rows.filter((row) => row.kind === 'charge' && row.voided_by === null);

/** The discount form as typed. */
export interface DiscountDraft {
  charge_id: string;
  kind: 'percent' | 'amount';
  value: string;
  reason: string;
}

export const emptyDiscount: DiscountDraft = {
  charge_id: '',
  kind: 'percent',
  value: '',
  reason: '',
};

/**
 * The discount a draft makes, or its first problem in words: a charge chosen, a whole percent
 * from 1 to 100 or an amount more than 0 in the currency's shape, and a reason.
 */
export function readDiscount(
  draft: DiscountDraft,
  context: { studentId: number; currency: Currency },
): { discount: CallRequest<'grantDiscount'> } | { problem: string } {
  const chargeId = Number(draft.charge_id);
  if (!draft.charge_id || !Number.isSafeInteger(chargeId))
    return { problem: 'Please choose the charge the discount comes off.' };
  let value: number;
  if (draft.kind === 'percent') {
    const n = wholePercent(draft.value, 1);
    if (n === null) return { problem: 'The percent must be a whole number from 1 to 100.' };
    value = n;
  } else {
    const read = readAmount(draft.value, context.currency);
    if ('problem' in read) return { problem: read.problem };
    if (read.amount === 0) return { problem: 'The discount must be more than 0.' };
    value = read.amount;
  }
  const reason = draft.reason.trim();
  if (reason === '') return { problem: 'Please give the reason for the discount.' };
  return {
    discount: {
      user_id: context.studentId,
      charge_id: chargeId,
      kind: draft.kind,
      value,
      reason,
    },
  };
}

/** A charge as the discount and leaving cards offer it: its reason and amount. */
export const chargeWords = (row: StatementRow, currency: Currency): string =>
  `${row.reason}, ${formatMoney(row.amount, currency, { withCode: true })}`;

/** The charge chosen: the one typed if it still stands, else the newest; '' with none. */
export function chosenCharge(typed: string, charges: readonly StatementRow[]): string {
  if (charges.some((row) => String(row.id) === typed)) return typed;
  const newest = charges.reduce<StatementRow | null>((a, b) => (a && a.id > b.id ? a : b), null);
  return newest ? String(newest.id) : '';
}
