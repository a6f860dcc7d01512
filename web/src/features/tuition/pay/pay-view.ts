import type { PayLineState, PayTotals } from '@academy/contract';
import type { Currency } from '@academy/contract/tuition/money';
import { formatMoney } from '@academy/contract/tuition/money';
import { readAmount } from '../amount-field';

/**
 * Teachers' pay (issue 52, point 7) as the screens say it: months, minutes, what a session's
 * state means, and the totals line. Pure, so it is tested without rendering.
 */

const MONTH_NAMES = [
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

/** The month of an academy day ('YYYY-MM-DD'): 'YYYY-MM'. */
export const monthOf = (day: string) => day.slice(0, 7);

/** Whether text is a month as the calls take it. */
export const isMonth = (text: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(text.trim());

/** The month `by` months from `month` (by may be negative). */
export function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** 'November 2026'. */
export function monthWords(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1] ?? month} ${year}`;
}

/** 90 → '1 h 30 min'; 45 → '45 min'. */
export function minutesWords(minutes: number): string {
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** What a session's line says beside its amount. */
export const STATE_WORDS: Record<PayLineState, string> = {
  counted: 'Paid',
  'no-rate': 'No rate set',
  'no-length': 'No end time',
  'roll-not-taken': 'Roll not taken',
};

/** An amount in the academy's currency, or as a plain number until it is set. */
export const moneyIn = (currency: Currency | null) => (n: number) =>
  currency ? formatMoney(n, currency, { withCode: true }) : n.toLocaleString('en');

/** The month's sums in a sentence, and what still keeps sessions from being paid. */
export function totalsWords(totals: PayTotals, currency: Currency | null): string[] {
  const money = moneyIn(currency);
  const sessions = totals.sessions === 1 ? '1 session' : `${totals.sessions} sessions`;
  const lines = [
    `${sessions} (${minutesWords(totals.minutes)}): ${money(totals.sessions_amount)}.`,
  ];
  if (totals.adjustments !== 0)
    lines.push(
      `Adjustments: ${totals.adjustments > 0 ? '+' : '−'}${money(Math.abs(totals.adjustments))}.`,
    );
  lines.push(`Total: ${money(totals.total)}.`);
  if (totals.missing > 0)
    lines.push(
      `${totals.missing === 1 ? '1 session is' : `${totals.missing} sessions are`} not paid yet: ` +
        'no rate is set, or the session’s time has no end.',
    );
  return lines;
}

export interface AdjustmentDraft {
  kind: 'bonus' | 'deduction';
  amount: string;
  reason: string;
}

export const EMPTY_ADJUSTMENT: AdjustmentDraft = { kind: 'bonus', amount: '', reason: '' };

/** The adjustment as the call takes it, or the problem in words. */
export function readAdjustment(
  draft: AdjustmentDraft,
  currency: Currency,
): { amount: number; reason: string } | { problem: string } {
  const read = readAmount(draft.amount, currency);
  if ('problem' in read) return read;
  if (read.amount === 0) return { problem: 'The amount must be more than 0.' };
  const reason = draft.reason.trim();
  if (!reason) return { problem: 'Please give the reason.' };
  return { amount: read.amount, reason };
}

/** A rate as typed: '' clears it (null); else an amount an hour. */
export function readRate(
  text: string,
  currency: Currency,
): { hourly: number | null } | { problem: string } {
  if (text.trim() === '') return { hourly: null };
  const read = readAmount(text, currency, 'Rate an hour');
  return 'problem' in read ? read : { hourly: read.amount };
}
