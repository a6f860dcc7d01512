import { type Currency, formatMoney } from '@academy/contract/tuition/money';
import { formatLongDate } from '../../../lib/dates';
import { ActionRow, Card, type Column, EmptyState, Table, Tag } from '../../../ui';
import { METHOD_WORDS, type StatementReceipt } from '../statement';
import { ReceiptButtons } from './receipt-buttons';

function columns(currency: Currency): Column<StatementReceipt>[] {
  return [
    { header: 'Receipt', kind: 'short', cell: (r) => r.number },
    { header: 'Date', kind: 'short', cell: (r) => formatLongDate(r.day) },
    { header: 'Amount', kind: 'short', cell: (r) => formatMoney(r.amount, currency) },
    { header: 'Method', kind: 'short', cell: (r) => METHOD_WORDS[r.method] },
    {
      header: 'State',
      kind: 'short',
      cell: (r) => (r.void ? <Tag tone="danger">VOID</Tag> : <Tag tone="success">Valid</Tag>),
    },
    {
      header: 'PDF',
      cell: (r) => (
        <ActionRow>
          <ReceiptButtons paymentId={r.payment_id} number={r.number} />
        </ActionRow>
      ),
    },
  ];
}

/** The payer's receipts, each to download or print; a voided one keeps its number, VOID. */
export function ReceiptsCard({
  receipts,
  currency,
}: {
  receipts: readonly StatementReceipt[];
  currency: Currency;
}) {
  return (
    <Card title="Receipts">
      {receipts.length === 0 ? (
        <EmptyState>No receipts yet: each payment recorded here gets one.</EmptyState>
      ) : (
        <Table
          label="Receipts"
          columns={columns(currency)}
          rows={[...receipts].reverse()}
          rowKey={(r) => r.number}
        />
      )}
    </Card>
  );
}
