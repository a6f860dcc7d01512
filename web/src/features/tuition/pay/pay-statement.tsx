import type { PayAdjustmentView, PayLine, TeacherPayResponse } from '@academy/contract';
import { formatLongDate, formatLongDateTime } from '../../../lib/dates';
import { Button, Card, EmptyState, Table, Tag } from '../../../ui';
import styles from '../money.module.css';
import { minutesWords, moneyIn, monthWords, STATE_WORDS, totalsWords } from './pay-view';

/**
 * A teacher's month (issue 52, point 7): the totals, each session whose roll they took with its
 * minutes, rate and amount (or why it pays nothing yet), and the bonuses and deductions. The
 * administrator's copy has Cancel on each adjustment still standing.
 */
export function PayStatement({
  pay,
  onVoid,
}: {
  pay: TeacherPayResponse;
  onVoid?: (adjustment: PayAdjustmentView) => void;
}) {
  const money = moneyIn(pay.currency);
  const rates = [
    pay.rates.hourly === null ? 'No hourly rate set' : `Hourly rate: ${money(pay.rates.hourly)}`,
    ...pay.rates.classes.map((c) => `${c.class_name}: ${money(c.hourly)} an hour`),
  ];
  return (
    <>
      <Card title={`${pay.teacher.name}: ${monthWords(pay.month)}`}>
        <div aria-live="polite">
          {totalsWords(pay.totals, pay.currency).map((line) => (
            <p key={line} className={styles.muted}>
              {line}
            </p>
          ))}
        </div>
        <p className={styles.details}>{rates.join(' · ')}</p>
      </Card>
      <Card title="Sessions">
        {pay.lines.length === 0 ? (
          <EmptyState>No session of this month has its roll taken by this teacher.</EmptyState>
        ) : (
          <Table<PayLine>
            label="Sessions of the month"
            rows={pay.lines}
            rowKey={(line) => line.class_session_id}
            columns={[
              { header: 'Date', kind: 'short', cell: (l) => formatLongDate(l.day) },
              { header: 'Class', cell: (l) => `${l.class_name} (${l.time})` },
              {
                header: 'Length',
                kind: 'short',
                cell: (l) => (l.minutes === null ? '—' : minutesWords(l.minutes)),
              },
              {
                header: 'Rate',
                kind: 'short',
                cell: (l) => (l.rate === null ? 'None' : money(l.rate)),
              },
              {
                header: 'Amount',
                kind: 'short',
                cell: (l) =>
                  l.amount === null ? (
                    <Tag tone="warning">{STATE_WORDS[l.state]}</Tag>
                  ) : (
                    money(l.amount)
                  ),
              },
            ]}
          />
        )}
      </Card>
      <Card title="Adjustments">
        {pay.adjustments.length === 0 ? (
          <EmptyState>No bonus or deduction this month.</EmptyState>
        ) : (
          <ul className={styles.stack}>
            {pay.adjustments.map((a) => (
              <li key={a.id}>
                <span className={a.void ? styles.voided : undefined}>
                  {`${a.kind === 'bonus' ? 'Bonus' : 'Deduction'}: ${money(a.amount)}, ${a.reason}`}
                </span>
                <span className={styles.details}>
                  {`By ${a.created_by_name}, ${formatLongDateTime(a.created_at)}`}
                  {a.void && `. Cancelled by ${a.void.created_by_name}: ${a.void.reason}`}
                </span>
                {a.void ? (
                  <Tag tone="danger">Cancelled</Tag>
                ) : (
                  onVoid && (
                    <Button variant="secondary" size="small" onClick={() => onVoid(a)}>
                      Cancel
                      <span className="visually-hidden">{` the ${a.kind}: ${a.reason}`}</span>
                    </Button>
                  )
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
