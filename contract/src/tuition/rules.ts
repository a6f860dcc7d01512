import { fractionOf, isAmount, percentOf } from './money.js';

/**
 * The academy's money rules (issue 52, point 2): what a student joining late is charged, what
 * is kept and refunded when a student leaves, and how discounts come off a fee. Each is a
 * sentence an academy publishes ("after the term starts we keep 10% and the sessions held");
 * pure and without zod, so the plan and the statement show what the server will charge.
 * Percents are whole (0 to 100), and every share of money rounds half up to the minor unit
 * (money.ts fractionOf), so one rule rounds everywhere.
 */

/** How a student joining after the term started is charged: the whole fee, or by sessions left. */
export const LATE_JOIN_RULES = ['all', 'sessions_left'] as const;
export type LateJoinRule = (typeof LATE_JOIN_RULES)[number];

const count = (n: number, what: string) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a number of ${what}: ${n}.`);
  return n;
};

const amount = (n: number) => {
  if (!isAmount(n)) throw new RangeError(`Not an amount: ${n}.`);
  return n;
};

const wholePercent = (p: number) => {
  if (!Number.isInteger(p) || p < 0 || p > 100) throw new RangeError(`Not a percent: ${p}.`);
  return p;
};

/**
 * What a student joining late is charged: the fee ('all'), or the fee × the sessions left ÷
 * the term's sessions ('sessions_left'), rounded half up. More sessions left than the term has
 * charge the fee, never more; a class with no sessions yet charges the fee, since there is
 * nothing to count by.
 */
export function lateJoinCharge(
  fee: number,
  how: { rule: LateJoinRule; sessionsTotal: number; sessionsLeft: number },
): number {
  amount(fee);
  const total = count(how.sessionsTotal, 'sessions');
  const left = count(how.sessionsLeft, 'sessions');
  if (how.rule === 'all' || total === 0) return fee;
  return fractionOf(fee, Math.min(left, total), total);
}

/**
 * What is kept once the term has started: the academy's share only ('share'), or its share
 * and the sessions already held of the rest ('share_and_sessions').
 */
export const REFUND_RULES = ['share', 'share_and_sessions'] as const;
export type RefundRule = (typeof REFUND_RULES)[number];

export interface RefundTerms {
  /** The share of the fee kept when a student leaves before the term starts (whole %). */
  keptBeforeStartPercent: number;
  /** The share of the fee kept when a student leaves after it starts (whole %). */
  keptAfterStartPercent: number;
  rule: RefundRule;
}

/** What is wrong with refund terms as Settings saves them, or null. */
export function refundTermsProblem(terms: RefundTerms): string | null {
  const percent = (p: number) => Number.isInteger(p) && p >= 0 && p <= 100;
  if (!percent(terms.keptBeforeStartPercent) || !percent(terms.keptAfterStartPercent))
    return 'The shares kept must be whole percents from 0 to 100.';
  if (terms.keptAfterStartPercent < terms.keptBeforeStartPercent)
    return 'The share kept after the term starts must not be less than the share kept before.';
  return null;
}

export interface RefundProposal {
  /** What the academy keeps of the fee. */
  kept: number;
  /** What goes back to the payer: what they paid beyond what is kept (0 at least). */
  refund: number;
  /** What the payer still owes when they paid less than is kept (0 at least). */
  owed: number;
}

/**
 * What a leaving student is proposed (the administrator confirms it, or turns the refund into
 * credit for the next term). Before the term starts the academy keeps its share of the fee
 * (keptBeforeStartPercent). After it starts it keeps keptAfterStartPercent of the fee, and with
 * 'share_and_sessions' also the sessions taken's part of the rest of the fee: so a student who
 * leaves after the last session is refunded nothing, and the share is not counted twice. A
 * class with no sessions counts no sessions taken. Each part rounds half up; the kept amount is
 * never more than the fee; the refund is what was paid beyond it, never below 0, and what was
 * paid short of it is still owed.
 */
export function refundProposal(
  paid: number,
  fee: number,
  leaving: RefundTerms & { termStarted: boolean; sessionsTotal: number; sessionsTaken: number },
): RefundProposal {
  amount(paid);
  amount(fee);
  const before = wholePercent(leaving.keptBeforeStartPercent);
  const after = wholePercent(leaving.keptAfterStartPercent);
  const total = count(leaving.sessionsTotal, 'sessions');
  const taken = Math.min(count(leaving.sessionsTaken, 'sessions'), total);
  let kept: number;
  if (!leaving.termStarted) kept = percentOf(fee, before);
  else {
    const share = percentOf(fee, after);
    const held =
      leaving.rule === 'share_and_sessions' && total > 0
        ? fractionOf(fee - share, taken, total)
        : 0;
    kept = Math.min(fee, share + held);
  }
  return { kept, refund: Math.max(0, paid - kept), owed: Math.max(0, kept - paid) };
}

/** A discount with the reason the plan and the statement show. */
export type Discount =
  | { kind: 'percent'; percent: number; reason: string }
  | { kind: 'amount'; amount: number; reason: string };

export interface Discounted {
  /** Each discount as it came off, in the order applied; none of 0. */
  lines: { reason: string; amount: number }[];
  /** What is left to pay. */
  total: number;
}

/**
 * Discounts off an amount. Percents first, each on the gross amount (10% and 5% are 15% of
 * the fee, not 10% and then 5% of what is left: the sum the academy announced), rounded half
 * up; then fixed amounts, in the order given. Nothing takes the total below 0: a discount
 * larger than what is left comes off as what is left, and one that comes to 0 makes no line
 * (the ledger keeps no rows of 0). Throws a RangeError for an amount or percent that is not
 * one.
 */
export function applyDiscounts(gross: number, discounts: readonly Discount[]): Discounted {
  amount(gross);
  const ordered = [
    ...discounts.filter((d) => d.kind === 'percent'),
    ...discounts.filter((d) => d.kind === 'amount'),
  ];
  const lines: { reason: string; amount: number }[] = [];
  let total = gross;
  for (const d of ordered) {
    const off = Math.min(
      total,
      d.kind === 'percent' ? percentOf(gross, wholePercent(d.percent)) : amount(d.amount),
    );
    if (off === 0) continue;
    lines.push({ reason: d.reason, amount: off });
    total -= off;
  }
  return { lines, total };
}

/** The academy's sibling discounts, in whole percents. */
export interface SiblingRules {
  /** Off the second child of a family. */
  second: number;
  /** Off the third child and every one after. */
  third: number;
}

/**
 * The sibling discount of a child: `position` is their place among the family's children in
 * the order they joined (1 for the first, who pays in full). The third rule holds for the
 * third child and every later one.
 */
export function siblingDiscountPercent(position: number, rules: SiblingRules): number {
  if (!Number.isSafeInteger(position) || position < 1)
    throw new RangeError(`Not a place among siblings: ${position}.`);
  if (position === 1) return 0;
  return wholePercent(position === 2 ? rules.second : rules.third);
}

/** The academy's money rules as Settings of the desk keep them (issue 52, point 2). */
export interface MoneyRules {
  late_join: LateJoinRule;
  kept_before_percent: number;
  kept_after_percent: number;
  refund_rule: RefundRule;
  /** Off the second child of a family charged in a term (whole %). */
  sibling_second_percent: number;
  /** Off the third child and every later one. */
  sibling_third_percent: number;
  /** The staff child discount the desk offers (whole %); 0: none. */
  staff_child_percent: number;
}

/** Until the academy saves its own: the whole fee whenever one joins, nothing kept, no discounts. */
export const DEFAULT_MONEY_RULES: MoneyRules = {
  late_join: 'all',
  kept_before_percent: 0,
  kept_after_percent: 0,
  refund_rule: 'share',
  sibling_second_percent: 0,
  sibling_third_percent: 0,
  staff_child_percent: 0,
};

/** Each rule in words, as the rules screen and the statement say it. */
export const LATE_JOIN_WORDS: Record<LateJoinRule, string> = {
  all: 'The whole fee, whenever they join',
  sessions_left: 'By the sessions left in the term',
};
export const REFUND_RULE_WORDS: Record<RefundRule, string> = {
  share: 'The share kept only',
  share_and_sessions: 'The share kept and the sessions already held',
};

/** A sibling's place in words: 'second child', 'third child', 'fourth child'… */
export function siblingWords(position: number): string {
  const places = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'];
  return `${places[position - 1] ?? `${position}th`} child`;
}
