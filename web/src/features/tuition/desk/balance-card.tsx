import { type Currency, formatMoney } from '@academy/contract/tuition/money';
import { formatLongDate } from '../../../lib/dates';
import { Card, type Column, EmptyState, Table, Tag } from '../../../ui';
import styles from '../money.module.css';
import {
  balanceWords,
  dueNow,
  type InstalmentView,
  instalmentViews,
  type StatementInstalment,
} from '../statement';

/** An instalment's state in words (never colour alone). */
function stateOf(view: InstalmentView) {
  if (view.isPaid) return <Tag tone="success">Paid</Tag>;
  if (view.isOverdue) return <Tag tone="danger">Overdue</Tag>;
  if (view.isDue) return <Tag tone="warning">Due today</Tag>;
  return <Tag tone="info">Not due yet</Tag>;
}

function columns(currency: Currency): Column<InstalmentView>[] {
  const money = (n: number) => formatMoney(n, currency);
  return [
    { header: 'Instalment', cell: (v) => v.instalment.label },
    { header: 'Due', kind: 'short', cell: (v) => formatLongDate(v.instalment.due_day) },
    { header: 'Amount', kind: 'short', cell: (v) => money(v.instalment.amount) },
    { header: 'Outstanding', kind: 'short', cell: (v) => money(v.instalment.outstanding) },
    { header: 'State', kind: 'short', cell: stateOf },
  ];
}

/**
 * The top of a payer's statement: the balance in words, what is due now, then each
 * instalment with its due day, amount and what is outstanding, overdue ones marked.
 */
export function BalanceCard({
  balance,
  instalments,
  currency,
  today,
}: {
  balance: number;
  instalments: readonly StatementInstalment[];
  currency: Currency;
  today: string;
}) {
  const views = instalmentViews(instalments, today);
  const due = dueNow(instalments, today);
  const overdue = views.filter((v) => v.isOverdue).length;
  return (
    <Card title="Balance">
      <p className={styles.balance}>{balanceWords(balance, currency)}</p>
      <p className={styles.muted}>
        {due > 0
          ? `Due now: ${formatMoney(due, currency, { withCode: true })}` +
            (overdue > 0 ? ` (${overdue} instalment${overdue === 1 ? '' : 's'} overdue).` : '.')
          : 'Nothing is due now.'}
      </p>
      {views.length === 0 ? (
        <EmptyState>No instalments: nothing has been charged with a plan yet.</EmptyState>
      ) : (
        <Table
          label="Instalments"
          columns={columns(currency)}
          rows={views}
          rowKey={(v) => v.instalment.id}
        />
      )}
    </Card>
  );
}
