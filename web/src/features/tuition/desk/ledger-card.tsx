import { type Currency, formatMoney } from '@academy/contract/tuition/money';
import { useState } from 'react';
import { formatLongDate } from '../../../lib/dates';
import {
  Button,
  Card,
  type Column,
  EmptyState,
  FormMessage,
  Table,
  Tag,
  useFormOutcome,
} from '../../../ui';
import styles from '../money.module.css';
import { KIND_WORDS, METHOD_WORDS, type RowView, rowViews, type StatementRow } from '../statement';
import { VoidPopup } from './void-popup';

/** What a row says besides its kind: its reason, method, reference, cheque, who entered it. */
function details(row: StatementRow): string {
  // A payment's reason is 'Payment', which its title says already.
  const parts = [row.reason === KIND_WORDS[row.kind] ? '' : row.reason];
  if (row.method) parts.push(METHOD_WORDS[row.method]);
  if (row.reference) parts.push(`Reference: ${row.reference}`);
  if (row.cheque_number)
    parts.push(`Cheque ${row.cheque_number}${row.cheque_day ? ` of ${row.cheque_day}` : ''}`);
  parts.push(`By ${row.created_by_name}`);
  if (row.voided_by !== null) parts.push(`Voided by row ${row.voided_by}`);
  return parts.filter(Boolean).join(' · ');
}

function columns(currency: Currency, onVoid: (view: RowView) => void): Column<RowView>[] {
  return [
    { header: 'Date', kind: 'short', cell: (v) => formatLongDate(v.row.day) },
    {
      header: 'Entry',
      kind: 'text',
      cell: (v) => (
        <>
          <span className={v.state === 'voided' ? styles.voided : undefined}>{v.title}</span>
          <span className={styles.details}> {details(v.row)}</span>
          <span className={styles.tags}>
            {v.state === 'voided' && <Tag tone="danger">Voided</Tag>}
            {v.state === 'void' && <Tag tone="warning">Void</Tag>}
          </span>
        </>
      ),
    },
    {
      header: 'Amount',
      kind: 'short',
      cell: (v) => (
        <span className={v.state === 'voided' ? styles.voided : undefined}>
          {formatMoney(v.row.amount, currency)}
        </span>
      ),
    },
    {
      header: 'Void',
      kind: 'short',
      cell: (v) =>
        v.canVoid ? (
          <Button variant="secondary" size="small" onClick={() => onVoid(v)}>
            Void
            <span className="visually-hidden">
              {' '}
              row {v.row.id}: {v.title}
            </span>
          </Button>
        ) : (
          <>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">
              {v.state === 'void' ? 'A void is final' : 'Voided already'}
            </span>
          </>
        ),
    },
  ];
}

/**
 * The payer's ledger, newest first: charges, discounts, payments (with receipt number and
 * method), refunds and voids, each row a void cancels struck through and said so. A row still
 * standing has Void, which asks for a reason; the server's answer is said above the rows.
 */
export function LedgerCard({
  studentId,
  rows,
  currency,
}: {
  studentId: number;
  rows: readonly StatementRow[];
  currency: Currency;
}) {
  const [voiding, setVoiding] = useState<RowView | null>(null);
  const outcome = useFormOutcome();
  return (
    <Card title="Ledger">
      <FormMessage outcome={outcome} />
      {rows.length === 0 ? (
        <EmptyState>Nothing has been charged or paid yet.</EmptyState>
      ) : (
        <Table
          label="Ledger rows, newest first"
          columns={columns(currency, (view) => {
            outcome.clear();
            setVoiding(view);
          })}
          rows={rowViews(rows)}
          rowKey={(v) => v.row.id}
        />
      )}
      {voiding && (
        <VoidPopup
          studentId={studentId}
          view={voiding}
          currency={currency}
          onClose={() => setVoiding(null)}
          onDone={(message) => {
            setVoiding(null);
            outcome.succeed(message);
          }}
        />
      )}
    </Card>
  );
}
