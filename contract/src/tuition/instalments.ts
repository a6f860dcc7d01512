import { dateOfDayNumber, dayNumberOf } from '../schedule-pattern.js';
import { type Currency, formatMoney, isAmount } from './money.js';

/**
 * A class's instalment plan (issue 52, point 2): the fee in parts, for example three (on
 * joining, week 4, week 8), whose amounts add up to the fee exactly; and how a payment is set
 * against the parts a payer owes (point 3). Pure and without zod, like terms.ts: the plan
 * editor shows these words before saving, and the server applies the same rules.
 */

/** The most parts a plan may have: monthly parts over a year. */
export const INSTALMENT_PARTS_MAX = 12;

/** The longest label a part may have. */
export const INSTALMENT_LABEL_MAX = 60;

/** The most weeks after the term's first day a part may fall due (two years of weeks). */
export const INSTALMENT_WEEKS_MAX = 104;

/**
 * When a part falls due: on the day the student joins, a number of weeks after the term's
 * first day ("week 4" is 4 × 7 days after it), or on a date.
 */
export type DueRule =
  | { kind: 'on_joining' }
  | { kind: 'weeks_after_start'; weeks: number }
  | { kind: 'on_date'; day: string };

/**
 * One part of a plan. It keeps its amount, not a share of the fee: what a student was told
 * they owe must not move when somebody edits a share, and planProblems holds the amounts to
 * the fee. planFromShares makes the amounts from shares when a plan is laid out.
 */
export interface InstalmentPart {
  label: string;
  due: DueRule;
  amount: number;
}

export interface InstalmentPlan {
  /** The tuition the parts divide, in minor units. */
  fee: number;
  parts: InstalmentPart[];
}

/**
 * `total` in whole parts proportional to `shares` that add up to `total` exactly: each part
 * is its exact share rounded down, and the units left over go one each to the parts whose
 * share lost the most in rounding (the largest-remainder method); among equal remainders the
 * earlier part gets the unit, so the down payment is never the smaller one and the same
 * inputs always give the same split. A share of 0 gets 0. Shares are whole numbers (percents,
 * or any weights: 1, 1, 1 for thirds). Throws a RangeError for a total that is no amount, or
 * shares that are not whole, are negative, or are all 0.
 */
export function splitFee(total: number, shares: readonly number[]): number[] {
  if (!isAmount(total)) throw new RangeError(`Not an amount: ${total}.`);
  if (shares.some((s) => !Number.isSafeInteger(s) || s < 0))
    throw new RangeError('Shares must be whole numbers, 0 or more.');
  const whole = shares.reduce((sum, s) => sum + BigInt(s), 0n);
  if (whole === 0n) throw new RangeError('At least one share must be more than 0.');
  // In BigInt: total × share passes 2^53 for large fees.
  const t = BigInt(total);
  const exact = shares.map((s, index) => ({
    index,
    floor: (t * BigInt(s)) / whole,
    remainder: (t * BigInt(s)) % whole,
  }));
  const parts = exact.map((e) => Number(e.floor));
  let left = total - parts.reduce((sum, p) => sum + p, 0);
  const byRemainder = [...exact].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  // Fewer units are left than parts with a remainder, so a share of 0 never gets one.
  for (const e of byRemainder) {
    if (left === 0) break;
    parts[e.index] = (parts[e.index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** `total` in `n` parts as equal as whole units allow, the earlier parts a unit larger. */
export function splitEvenly(total: number, n: number): number[] {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`Not a number of parts: ${n}.`);
  return splitFee(
    total,
    Array.from({ length: n }, () => 1),
  );
}

/** A plan laid out from shares of the fee (40, 30, 30): each part's amount from splitFee. */
export function planFromShares(
  fee: number,
  parts: readonly { label: string; due: DueRule; share: number }[],
): InstalmentPlan {
  const amounts = splitFee(
    fee,
    parts.map((p) => p.share),
  );
  return {
    fee,
    parts: parts.map((p, i) => ({ label: p.label, due: p.due, amount: amounts[i] ?? 0 })),
  };
}

/**
 * The day a part falls due for a student, 'YYYY-MM-DD': the day they joined, the term's first
 * day and the rule's weeks, or the rule's date; but never before the day they joined, since
 * a student who joins in week 6 owes week 4's part from the day they join, not as overdue
 * from before they were there (reminders and the debtors' days overdue count from it).
 * Throws a RangeError for a day that is not a date.
 */
export function dueDay(rule: DueRule, days: { termFirstDay: string; joinedOn: string }): string {
  const joined = dayNumberOf(days.joinedOn);
  if (joined === null) throw new RangeError(`Not a date: ${days.joinedOn}.`);
  const ruled = ruleDayNumber(rule, days.termFirstDay) ?? joined;
  return dateOfDayNumber(Math.max(ruled, joined));
}

/** The day number a rule names on its own (null: on joining). */
function ruleDayNumber(rule: DueRule, termFirstDay: string): number | null {
  if (rule.kind === 'on_joining') return null;
  if (rule.kind === 'on_date') {
    const day = dayNumberOf(rule.day);
    if (day === null) throw new RangeError(`Not a date: ${rule.day}.`);
    return day;
  }
  const first = dayNumberOf(termFirstDay);
  if (first === null) throw new RangeError(`Not a date: ${termFirstDay}.`);
  return first + rule.weeks * 7;
}

/**
 * What is wrong with a plan, in the words the plan editor shows beside it (empty: nothing):
 * no parts, or more than INSTALMENT_PARTS_MAX; a fee that is not more than 0 (a free class has
 * no plan); a part without a label, with an amount of 0 or none, or a due rule that is not
 * one; parts that do not add up to the fee (the difference is named); and parts whose due
 * days go backwards, read against the term's first day (a part due on joining comes first).
 */
export function planProblems(
  plan: InstalmentPlan,
  context: { termFirstDay: string; currency: Currency },
): string[] {
  const problems: string[] = [];
  const money = (amount: number) => formatMoney(amount, context.currency, { withCode: true });
  if (!isAmount(plan.fee) || plan.fee === 0) problems.push('The fee must be more than 0.');
  if (plan.parts.length === 0) problems.push('The plan needs at least one part.');
  if (plan.parts.length > INSTALMENT_PARTS_MAX)
    problems.push(`A plan has at most ${INSTALMENT_PARTS_MAX} parts.`);

  const first = dayNumberOf(context.termFirstDay);
  // Each part's place in time: on joining first of all, then the days the rules name.
  const when: (number | null)[] = [];
  plan.parts.forEach((part, i) => {
    const name = `Part ${i + 1}`;
    const label = part.label.trim();
    if (label === '') problems.push(`${name} needs a label, like “Week 4”.`);
    else if (label.length > INSTALMENT_LABEL_MAX)
      problems.push(`${name}’s label must be at most ${INSTALMENT_LABEL_MAX} characters.`);
    if (!isAmount(part.amount)) problems.push(`${name}’s amount must be a whole amount.`);
    else if (part.amount === 0) problems.push(`${name} is 0: give it an amount or remove it.`);
    const due = part.due;
    if (due.kind === 'on_joining') when.push(Number.NEGATIVE_INFINITY);
    else if (due.kind === 'on_date') {
      const day = dayNumberOf(due.day);
      if (day === null) problems.push(`${name}’s date must be a date, such as 2026-10-01.`);
      when.push(day);
    } else if (!Number.isInteger(due.weeks) || due.weeks < 0 || due.weeks > INSTALMENT_WEEKS_MAX) {
      problems.push(`${name}’s weeks must be a whole number from 0 to ${INSTALMENT_WEEKS_MAX}.`);
      when.push(null);
    } else when.push(first === null ? null : first + due.weeks * 7);
  });

  if (isAmount(plan.fee) && plan.parts.every((p) => isAmount(p.amount))) {
    const sum = plan.parts.reduce((total, p) => total + p.amount, 0);
    if (plan.parts.length > 0 && sum !== plan.fee)
      problems.push(
        `The parts add up to ${money(sum)}, not the fee of ${money(plan.fee)} ` +
          `(${sum > plan.fee ? `${money(sum - plan.fee)} too much` : `${money(plan.fee - sum)} short`}).`,
      );
  }

  let latest: { at: number; index: number } | null = null;
  when.forEach((at, index) => {
    if (at === null) return;
    if (latest && at < latest.at)
      problems.push(
        `Part ${index + 1} falls due before part ${latest.index + 1}: put them in order.`,
      );
    else latest = { at, index };
  });
  return problems;
}

/** An instalment a payer owes, as allocatePayment reads it. */
export interface OwedInstalment {
  id: number;
  /** 'YYYY-MM-DD'. */
  due_day: string;
  /** What is still owed on it, in minor units. */
  outstanding: number;
}

export interface Allocation {
  /** The instalments the payment pays, oldest first, none with 0. */
  allocations: { id: number; amount: number }[];
  /** What is left of the payment once every instalment is paid: the payer's credit. */
  credit: number;
}

/**
 * A payment set against what a payer owes: the instalment due earliest first (equal days: the
 * lower id, the one made first), each up to what is still owed on it, then the next. A payment
 * larger than what is due today pays the coming instalments too, earliest first: the payer
 * meant to pay ahead, and a part paid is one fewer reminder. Only what is left after every
 * instalment is paid becomes credit. Throws a RangeError for an amount or an outstanding that
 * is no amount.
 */
export function allocatePayment(
  instalments: readonly OwedInstalment[],
  amount: number,
): Allocation {
  if (!isAmount(amount)) throw new RangeError(`Not an amount: ${amount}.`);
  const bad = instalments.find((i) => !isAmount(i.outstanding));
  if (bad) throw new RangeError(`Not an amount: ${bad.outstanding} (instalment ${bad.id}).`);
  const oldestFirst = [...instalments].sort((a, b) =>
    a.due_day === b.due_day ? a.id - b.id : a.due_day < b.due_day ? -1 : 1,
  );
  const allocations: { id: number; amount: number }[] = [];
  let left = amount;
  for (const instalment of oldestFirst) {
    if (left === 0) break;
    const paid = Math.min(left, instalment.outstanding);
    if (paid === 0) continue;
    allocations.push({ id: instalment.id, amount: paid });
    left -= paid;
  }
  return { allocations, credit: left };
}

/** A child of a family and what they owe, as splitFamilyPayment reads them. */
export interface FamilyMember {
  studentId: number;
  owed: readonly OwedInstalment[];
}

/**
 * One payment for brothers and sisters (issue 52, point 1): set against the family's
 * instalments as one list, the one due earliest first whoever's it is (instalment ids are the
 * academy's, so equal days keep the order they were made in), then split back into each
 * child's share. What is left once every instalment is paid is the credit of `payerId`, the
 * child whose statement the office has open. Answers each child's share in the members' order,
 * leaving out children whose share is 0.
 */
export function splitFamilyPayment(
  payerId: number,
  members: readonly FamilyMember[],
  amount: number,
): { studentId: number; amount: number }[] {
  const ownerOf = new Map<number, number>();
  for (const member of members) for (const i of member.owed) ownerOf.set(i.id, member.studentId);
  const { allocations, credit } = allocatePayment(
    members.flatMap((m) => m.owed),
    amount,
  );
  const shares = new Map<number, number>([[payerId, credit]]);
  for (const a of allocations) {
    const owner = ownerOf.get(a.id) as number;
    shares.set(owner, (shares.get(owner) ?? 0) + a.amount);
  }
  return members
    .map((m) => ({ studentId: m.studentId, amount: shares.get(m.studentId) ?? 0 }))
    .filter((share) => share.amount > 0);
}
