import { formatMoney } from '@academy/contract/tuition/money';
import { FileDownloadButton } from '../../../components/file-download-button';
import { formatLongDate } from '../../../lib/dates';
import { ItemCard, ItemList, Tag } from '../../../ui';
import { METHOD_WORDS } from '../statement';
import styles from './payments.module.css';
import type { StatementView } from './statement-view';

const TITLE_WORDS = { receipt: 'Receipt', 'refund note': 'Refund note' } as const;

/**
 * The student's receipts, and their refund notes if money went back to them, newest first,
 * each with its PDF; a voided one keeps its number and says VOID (its PDF says so too).
 */
export function ReceiptList({ view }: { view: StatementView }) {
  if (view.documents.length === 0) return null;
  const heading = view.documents.some((d) => d.document.what === 'refund note')
    ? 'Receipts and refund notes'
    : 'Receipts';
  return (
    <section aria-labelledby="payments-receipts" className={styles.section}>
      <h2 id="payments-receipts" className={styles.sectionTitle}>
        {heading}
      </h2>
      <ItemList label={heading}>
        {view.documents.map(({ document, amount, day, method, void: isVoid }) => {
          const name = `${TITLE_WORDS[document.what]} ${document.number}`;
          return (
            <ItemCard
              key={name}
              title={name}
              lines={[
                `${formatMoney(amount, view.currency, { withCode: true })}, ${formatLongDate(day)}`,
                method ? METHOD_WORDS[method] : '',
              ].filter(Boolean)}
              meta={
                isVoid && (
                  <div className={styles.tags}>
                    <Tag tone="danger">VOID</Tag>
                  </div>
                )
              }
            >
              <FileDownloadButton
                call={document.call}
                payload={document.payload}
                size="small"
                busyLabel={`Preparing ${document.what} ${document.number}...`}
                failed={`${name} could not be made. Please try again.`}
              >
                Download {document.what} {document.number} (PDF)
              </FileDownloadButton>
            </ItemCard>
          );
        })}
      </ItemList>
    </section>
  );
}
