import { formatMoney } from '@academy/contract/tuition/money';
import { formatLongDate } from '../../../lib/dates';
import { Card, Message } from '../../../ui';
import styles from './payments.module.css';
import type { StatementView } from './statement-view';

/** What the student owes (or their credit), and the next instalment: its amount and day. */
export function BalanceCard({ view }: { view: StatementView }) {
  const { next, currency, overdueCount } = view;
  const money = (amount: number) => formatMoney(amount, currency, { withCode: true });
  return (
    <Card title="Balance">
      <p className={styles.balance}>{view.balanceWords}</p>
      {next ? (
        <p className={styles.line}>
          {next.state === 'overdue' ? 'Overdue' : 'Next instalment'}: {money(next.outstanding)}
          {next.state === 'today' ? ', due today' : `, due ${formatLongDate(next.due_day)}`}
          {` (${next.label})`}
        </p>
      ) : (
        view.instalments.length > 0 && <p className={styles.line}>Every instalment is paid.</p>
      )}
      {overdueCount > 0 && (
        <Message tone="error">
          {overdueCount === 1
            ? 'One instalment is overdue. Please pay it at the office.'
            : `${overdueCount} instalments are overdue. Please pay them at the office.`}
        </Message>
      )}
    </Card>
  );
}
