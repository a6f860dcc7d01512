import type { CallResponse } from '@academy/contract';
import { PAYMENT_METHODS, type PaymentMethod } from '@academy/contract/tuition/limits';
import { type IncomePeriod, incomeRangeProblem } from '@academy/contract/tuition/reports';
import { formatLongDate } from '../../../lib/dates';

/**
 * What the money reports show (issue 52, point 8), worked out apart from the screens so it is
 * tested without them: the income's range as asked, the columns its table needs, the periods
 * and terms in words, and the receipt-number check in sentences.
 */

export type Income = CallResponse<'moneyIncome'>;
export type Outstanding = CallResponse<'moneyOutstanding'>;
export type ReceiptCheck = CallResponse<'receiptCheck'>;

/** The income's range as typed: days 'YYYY-MM-DD' ('' until chosen), by day or month. */
export interface IncomeDraft {
  from: string;
  to: string;
  by: IncomePeriod;
}

/** This month so far, by day: what the screen opens on. */
export const incomeDraftFor = (today: string): IncomeDraft => ({
  from: `${today.slice(0, 7)}-01`,
  to: today,
  by: 'day',
});

/** The request for a draft, or the words of what is wrong with it (the server's own rule). */
export function incomeRequest(draft: IncomeDraft): { request: IncomeDraft } | { problem: string } {
  if (!draft.from || !draft.to) return { problem: 'Choose the first and the last day.' };
  const problem = incomeRangeProblem(draft.from, draft.to);
  return problem ? { problem } : { request: draft };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A period in words: a day as the app writes one, a month 'October 2026'. */
export function periodWords(period: string): string {
  if (period.length !== 7) return formatLongDate(period);
  return `${MONTHS[Number(period.slice(5, 7)) - 1] ?? period.slice(5, 7)} ${period.slice(0, 4)}`;
}

/** The methods any money of the range came or went by, in the contract's order. */
export const methodsShown = (income: Income): PaymentMethod[] =>
  PAYMENT_METHODS.filter((m) => income.periods.some((p) => p.by_method[m] !== 0));

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The range's totals in a sentence. */
export function incomeLine(income: Income, money: (n: number) => string): string {
  const { payments, paid, refunds, refunded, net } = income.totals;
  const brought = `${plural(payments, 'payment')} brought in ${money(paid)}`;
  if (refunds === 0) return `${brought}.`;
  return `${brought}; ${plural(refunds, 'refund')} gave back ${money(refunded)}: ${money(net)} in all.`;
}

/** A term's row named: its name, 'No term', or one no longer on record. */
export const termWords = (row: Outstanding['terms'][number]): string =>
  row.term_id === null ? 'No term' : (row.name ?? `A deleted term (no. ${row.term_id})`);

/** A row's payers: how many were charged, still owe, and have something overdue. */
export const payersWords = (row: Outstanding['totals']): string =>
  `${row.payers} charged, ${row.owing} owe, ${row.overdue_payers} overdue`;

/** 'a', 'a and b', 'a, b and c'. */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** A list named in words, with how many more there are than it names. */
const named = (items: readonly string[], count: number) =>
  count > items.length ? `${items.join(', ')} and ${count - items.length} more` : listWords(items);

/** One series' check (receipts, or refund notes) of a year. */
export type NumberCheck = ReceiptCheck['refund_notes'] & { year: number };

/**
 * A number check in sentences: all well in one line, or what is missing, twice or
 * unreadable; then the voided documents, which keep their numbers and are no gap. `noun`: the
 * series' document, 'receipt' or 'refund note'.
 */
export function receiptCheckWords(
  check: NumberCheck,
  noun: 'receipt' | 'refund note' = 'receipt',
): {
  tone: 'success' | 'error' | 'info';
  lines: string[];
} {
  const { count, year } = check;
  if (count === 0) return { tone: 'info', lines: [`No ${noun} has a number of ${year} yet.`] };
  const voided =
    check.voided_count === 0
      ? `No ${noun} is voided.`
      : `${plural(check.voided_count, `${noun} is`, `${noun}s are`)} voided and ${check.voided_count === 1 ? 'keeps its number' : 'keep their numbers'}: ${named(check.voided, check.voided_count)}.`;
  const clean =
    check.missing_count === 0 && check.repeated_count === 0 && check.unreadable.length === 0;
  if (clean)
    return {
      tone: 'success',
      lines: [
        count === 1
          ? `The one ${noun} is numbered 1: none missing, none twice.`
          : `All ${count} ${noun}s numbered 1 to ${count}: none missing, none twice.`,
        voided,
      ],
    };
  const lines = [`${plural(count, noun)}; the highest number is ${check.highest ?? 'none'}.`];
  lines.push(
    check.missing_count === 0
      ? 'None missing.'
      : `${plural(check.missing_count, 'number')} missing: ${named(check.missing, check.missing_count)}.`,
  );
  lines.push(
    check.repeated_count === 0
      ? 'None twice.'
      : `${plural(check.repeated_count, 'number')} on more than one ${noun}: ${named(check.repeated, check.repeated_count)}.`,
  );
  if (check.unreadable.length > 0)
    lines.push(
      `${plural(check.unreadable.length, `${noun} carries`, `${noun}s carry`)} no ${noun} number: ${listWords(check.unreadable)}.`,
    );
  lines.push(voided);
  return { tone: 'error', lines };
}
