import type { Currency } from '@academy/contract/tuition/money';
import { formatMoney } from '@academy/contract/tuition/money';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { formatLongDate } from '../../../lib/dates';
import { useMyStatement } from '../../../shared/own-statement';
import { paths } from '../../../shared/paths';
import { ButtonLink, ItemCard, QueryItemList, Tag } from '../../../ui';
import styles from '../mine/payments.module.css';
import { type CardTransfer, transferStateWords } from './transfer-draft';
import { useMyTransfers } from './use-transfers';

const TONES = { awaiting: 'warning', approved: 'success', rejected: 'danger' } as const;

const loadFailure = explainFailure({
  network: NO_CONNECTION,
  fallback: 'Your card transfers could not be loaded. Please try again.',
});

/** One transfer as its payer reads it: the amount and day, the card and tracking, its state. */
function TransferItem({ transfer, currency }: { transfer: CardTransfer; currency: Currency }) {
  return (
    <ItemCard
      title={`${formatMoney(transfer.amount, currency, { withCode: true })}, ${formatLongDate(transfer.day)}`}
      lines={[`Card ending ${transfer.card_last4}`, `Tracking number ${transfer.tracking}`]}
      meta={
        <div className={styles.tags}>
          <Tag tone={TONES[transfer.state]}>{transferStateWords(transfer)}</Tag>
        </div>
      }
    />
  );
}

/**
 * The student's card transfers (issue 52, point 4), newest first, each with its state in words;
 * nothing until they have reported one. Their own statement gives the currency.
 */
export function MyTransferList() {
  const transfers = useMyTransfers();
  const currency = useMyStatement().data?.currency;
  if (!currency) return null;
  return (
    <section aria-labelledby="payments-transfers" className={styles.section}>
      <h2 id="payments-transfers" className={styles.sectionTitle}>
        Your card transfers
      </h2>
      <QueryItemList
        query={transfers}
        loading="Loading your card transfers..."
        error={loadFailure}
        empty="You have not reported a card transfer yet."
        items={(data) => data.transfers}
        label="Your card transfers"
      >
        {(transfer) => <TransferItem transfer={transfer} currency={currency} />}
      </QueryItemList>
    </section>
  );
}

/** On My payments: "I paid by card transfer", then the transfers reported so far. */
export function MyTransfers() {
  return (
    <div className={styles.page}>
      <ButtonLink to={paths.cardTransfer} variant="primary" block>
        I paid by card transfer
      </ButtonLink>
      <MyTransferList />
    </div>
  );
}
