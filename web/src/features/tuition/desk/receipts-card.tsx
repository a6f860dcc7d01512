import { type Currency, formatMoney } from '@academy/contract/tuition/money';
import { formatLongDate } from '../../../lib/dates';
import { ActionRow, Card, type Column, EmptyState, Table, Tag } from '../../../ui';
import {
  type DocumentView,
  documentsOf,
  METHOD_WORDS,
  type StatementReceipt,
  type StatementRefundNote,
} from '../statement';
import { ReceiptButtons } from './receipt-buttons';

function columns(heading: string, currency: Currency): Column<DocumentView>[] {
  return [
    { header: heading, kind: 'short', cell: (r) => r.document.number },
    { header: 'Date', kind: 'short', cell: (r) => formatLongDate(r.day) },
    { header: 'Amount', kind: 'short', cell: (r) => formatMoney(r.amount, currency) },
    { header: 'Method', kind: 'short', cell: (r) => (r.method ? METHOD_WORDS[r.method] : '') },
    {
      header: 'State',
      kind: 'short',
      cell: (r) => (r.void ? <Tag tone="danger">VOID</Tag> : <Tag tone="success">Valid</Tag>),
    },
    {
      header: 'PDF',
      cell: (r) => (
        <ActionRow>
          <ReceiptButtons document={r.document} />
        </ActionRow>
      ),
    },
  ];
}

/**
 * The payer's receipts, each to download or print; a voided one keeps its number, VOID. Their
 * refund notes (a refund is its own document, numbered apart) below, when they have any.
 */
export function ReceiptsCard({
  receipts,
  refundNotes,
  currency,
}: {
  receipts: readonly StatementReceipt[];
  refundNotes: readonly StatementRefundNote[];
  currency: Currency;
}) {
  const documents = documentsOf({ receipts, refund_notes: refundNotes });
  const receiptRows = documents.filter((d) => d.document.what === 'receipt');
  const refundRows = documents.filter((d) => d.document.what === 'refund note');
  return (
    <Card title="Receipts">
      {receipts.length === 0 ? (
        <EmptyState>No receipts yet: each payment recorded here gets one.</EmptyState>
      ) : (
        <Table
          label="Receipts"
          columns={columns('Receipt', currency)}
          rows={receiptRows}
          rowKey={(r) => r.document.number}
        />
      )}
      {refundRows.length > 0 && (
        <Table
          label="Refund notes"
          columns={columns('Refund note', currency)}
          rows={refundRows}
          rowKey={(r) => r.document.number}
        />
      )}
    </Card>
  );
}
