import { type Currency, formatMoney } from './money.js';

/**
 * How a payer's statement reads on a day (issue 52): each instalment's state, the next one to
 * pay, and the balance in words. Pure and shared: the desk, the student's My payments and the
 * home's Payments tile say the same, and the server's debtors count overdue by the same rule
 * (a part is late the day after its due day; due today is not late).
 */

/** An instalment's state on a day: paid, late, due that day, or still to come. */
export type InstalmentState = 'paid' | 'overdue' | 'today' | 'upcoming';

interface Owed {
  id: number;
  due_day: string;
  outstanding: number;
}

/** The state of an instalment on `today` ('YYYY-MM-DD', the academy's). */
export function instalmentState(instalment: Owed, today: string): InstalmentState {
  if (instalment.outstanding <= 0) return 'paid';
  if (instalment.due_day < today) return 'overdue';
  return instalment.due_day === today ? 'today' : 'upcoming';
}

/** Instalments in the order they fall due (equal days: the one made first). */
export const byDueDay = <T extends Owed>(instalments: readonly T[]): T[] =>
  [...instalments].sort((a, b) => a.due_day.localeCompare(b.due_day) || a.id - b.id);

/** The first instalment with something outstanding (it may be late), with its state; or null. */
export function nextInstalment<T extends Owed>(
  instalments: readonly T[],
  today: string,
): (T & { state: InstalmentState }) | null {
  const next = byDueDay(instalments).find((i) => i.outstanding > 0);
  return next ? { ...next, state: instalmentState(next, today) } : null;
}

/**
 * Whether a payer has money on record: the academy's currency set and any row in their
 * ledger. A student with none sees no Payments tile (nothing to pay, nothing paid).
 */
export const hasMoney = (statement: { currency: Currency | null; rows: readonly unknown[] }) =>
  statement.currency !== null && statement.rows.length > 0;

/**
 * A balance in words, as the payer reads it ('You owe 1,200,000 IRR') or as the desk says it of
 * them ('Owes 1,200,000 IRR'); a credit and nothing owed alike for both.
 */
export function balanceWords(
  balance: number,
  currency: Currency,
  reader: 'payer' | 'desk',
): string {
  const money = formatMoney(Math.abs(balance), currency, { withCode: true });
  if (balance > 0) return reader === 'payer' ? `You owe ${money}` : `Owes ${money}`;
  if (balance < 0) return `In credit: ${money}`;
  return 'Nothing owed';
}
