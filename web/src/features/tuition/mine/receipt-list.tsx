import { formatMoney } from '@academy/contract/tuition/money';
import { FileDownloadButton } from '../../../components/file-download-button';
import { formatLongDate } from '../../../lib/dates';
import { ItemCard, ItemList, Tag } from '../../../ui';
import { METHOD_WORDS } from '../statement';
import styles from './payments.module.css';
import type { StatementView } from './statement-view';

/**
 * The student's receipts, newest first, each with its PDF; a voided one keeps its number and
 * says VOID (its PDF says so too).
 */
export function ReceiptList({ view }: { view: StatementView }) {
  if (view.receipts.length === 0) return null;
  return (
    <section aria-labelledby="payments-receipts" className={styles.section}>
      <h2 id="payments-receipts" className={styles.sectionTitle}>
        Receipts
      </h2>
      <ItemList label="Receipts">
        {view.receipts.map((receipt) => (
          <ItemCard
            key={receipt.number}
            title={`Receipt ${receipt.number}`}
            lines={[
              `${formatMoney(receipt.amount, view.currency, { withCode: true })}, ${formatLongDate(receipt.day)}`,
              METHOD_WORDS[receipt.method],
            ]}
            meta={
              receipt.void && (
                <div className={styles.tags}>
                  <Tag tone="danger">VOID</Tag>
                </div>
              )
            }
          >
            <FileDownloadButton
              call="downloadReceipt"
              payload={{ payment_id: receipt.payment_id }}
              size="small"
              busyLabel={`Preparing receipt ${receipt.number}...`}
              failed={`Receipt ${receipt.number} could not be made. Please try again.`}
            >
              Download receipt {receipt.number} (PDF)
            </FileDownloadButton>
          </ItemCard>
        ))}
      </ItemList>
    </section>
  );
}
