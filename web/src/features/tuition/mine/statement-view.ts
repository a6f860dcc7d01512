import type { CallResponse } from '@academy/contract';
import type { Currency } from '@academy/contract/tuition/money';
import {
  balanceWords,
  byDueDay,
  type InstalmentState,
  instalmentState,
} from '@academy/contract/tuition/statement';
import { type DocumentView, documentsOf } from '../statement';

export type { InstalmentState };

/**
 * What a student reads of their own statement (issue 52, point 6): what they owe (or their
 * credit), the next instalment and whether it is late, each instalment's state in words, their
 * receipts and refund notes newest first and a short history of their money. Pure: the home's tile and My
 * payments show the same words, and the unit tests read them with a fixed today.
 */

export type Statement = CallResponse<'getStatement'>;
type Instalment = Statement['instalments'][number];
type Row = Statement['rows'][number];

export interface InstalmentView extends Instalment {
  state: InstalmentState;
  /** Something was paid on it, not all. */
  isPartPaid: boolean;
}

/** How many rows the history shows: the latest, newest first. */
export const HISTORY_LENGTH = 10;

export interface StatementView {
  currency: Currency;
  balance: number;
  balanceWords: string;
  instalments: InstalmentView[];
  /** The first instalment with something outstanding (it may be late), or null. */
  next: InstalmentView | null;
  overdueCount: number;
  /** Receipts and refund notes, newest first. */
  documents: DocumentView[];
  /** The latest rows, newest first, the voids themselves left out (the row they cancel says it). */
  history: Row[];
  /** Rows in the ledger beyond the history's. */
  olderRows: number;
}

/** The statement as the screens show it on `today`; null while the academy has no currency. */
export function statementView(statement: Statement, today: string): StatementView | null {
  const { currency } = statement;
  if (currency === null) return null;
  const instalments = byDueDay(statement.instalments).map(
    (instalment): InstalmentView => ({
      ...instalment,
      state: instalmentState(instalment, today),
      isPartPaid: instalment.outstanding > 0 && instalment.outstanding < instalment.amount,
    }),
  );
  const shown = statement.rows.filter((row) => row.kind !== 'void').reverse();
  return {
    currency,
    balance: statement.balance,
    balanceWords: balanceWords(statement.balance, currency, 'payer'),
    instalments,
    next: instalments.find((i) => i.state !== 'paid') ?? null,
    overdueCount: instalments.filter((i) => i.state === 'overdue').length,
    documents: documentsOf(statement),
    history: shown.slice(0, HISTORY_LENGTH),
    olderRows: Math.max(0, shown.length - HISTORY_LENGTH),
  };
}
