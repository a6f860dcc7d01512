import { formatMoney } from '@academy/contract/tuition/money';
import { formatLongDate } from '../../../lib/dates';
import { Tag } from '../../../ui';
import { KIND_WORDS, METHOD_WORDS } from '../statement';
import styles from './payments.module.css';
import type { StatementView } from './statement-view';

/**
 * The latest of the student's money, newest first: charges, discounts, payments and refunds,
 * what each was for, and those cancelled marked so.
 */
export function MoneyHistory({ view }: { view: StatementView }) {
  if (view.history.length === 0) return null;
  return (
    <section aria-labelledby="payments-history" className={styles.section}>
      <h2 id="payments-history" className={styles.sectionTitle}>
        History
      </h2>
      <ul className={styles.history} aria-label="History">
        {view.history.map((row) => (
          <li key={row.id} className={styles.historyRow}>
            <span>
              <strong>{KIND_WORDS[row.kind]}</strong>
              {row.method && `, ${METHOD_WORDS[row.method]}`}
              {row.reason && ` · ${row.reason}`}
              <br />
              <span className={styles.muted}>{formatLongDate(row.day)}</span>
            </span>
            <span className={styles.tags}>
              <span>{formatMoney(row.amount, view.currency, { withCode: true })}</span>
              {row.voided_by !== null && <Tag tone="warning">Cancelled</Tag>}
            </span>
          </li>
        ))}
      </ul>
      {view.olderRows > 0 && (
        <p className={styles.muted}>
          {`And ${view.olderRows} older ${view.olderRows === 1 ? 'entry' : 'entries'}: the office has your full statement.`}
        </p>
      )}
    </section>
  );
}
