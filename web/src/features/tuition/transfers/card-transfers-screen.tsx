import { CARD_TRANSFER_STATES, type CardTransferState } from '@academy/contract/tuition/limits';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { paths } from '../../../shared/paths';
import { Message, QueryItemList, QueryView, Screen, SelectField } from '../../../ui';
import { CurrencyMissing } from '../currency-missing';
import { useDeskCurrency } from '../desk/use-desk';
import { DecidePopup } from './decide-popup';
import { type CardTransfer, STATE_CHOICES, stateOf } from './transfer-draft';
import { TransferReview } from './transfer-review';
import styles from './transfers.module.css';
import { useTransfers } from './use-transfers';

const loadFailure = explainFailure({
  network: NO_CONNECTION,
  refusalPrefix: 'Error loading the transfers: ',
  fallback: 'The transfers could not be loaded. Please try again.',
});

/**
 * /payments/transfers (issue 52, point 4): card transfers payers reported, awaiting approval
 * (the oldest first, as a queue), approved or rejected. Each shows the payer, the amount, the
 * card's ending, the tracking number and the receipt's photo; approving one records its payment
 * and receipt, rejecting it needs a reason, and the payer is told either way.
 */
export default function CardTransfersScreen() {
  const [params, setParams] = useSearchParams();
  const state = stateOf(params.get('state'));
  const transfers = useTransfers(state);
  const currency = useDeskCurrency();
  const [deciding, setDeciding] = useState<{
    transfer: CardTransfer;
    decision: 'approve' | 'reject';
  } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const choice = STATE_CHOICES[state];
  return (
    <Screen
      title="Card transfers"
      subtitle="Check each transfer’s receipt, then approve or reject it."
      back={{ to: paths.payments, label: 'Back to Payments' }}
    >
      <div className={styles.stack}>
        {currency.data === null && <CurrencyMissing />}
        <SelectField
          label="Show"
          value={state}
          onChange={(e) => {
            setDone(null);
            setParams({ state: e.target.value as CardTransferState }, { replace: true });
          }}
        >
          {CARD_TRANSFER_STATES.map((s) => (
            <option key={s} value={s}>
              {STATE_CHOICES[s].label}
            </option>
          ))}
        </SelectField>
        {done && <Message tone="success">{done}</Message>}
        <QueryView query={currency} loading="Loading the transfers..." error={loadFailure}>
          {(money) =>
            money && (
              <QueryItemList
                query={transfers}
                loading="Loading the transfers..."
                error={loadFailure}
                empty={choice.empty}
                items={(data) => data.transfers}
                label={choice.label}
              >
                {(transfer) => (
                  <TransferReview
                    transfer={transfer}
                    currency={money}
                    onDecide={(decision) => {
                      setDone(null);
                      setDeciding({ transfer, decision });
                    }}
                  />
                )}
              </QueryItemList>
            )
          }
        </QueryView>
      </div>
      {deciding && currency.data && (
        <DecidePopup
          {...deciding}
          currency={currency.data}
          onClose={() => setDeciding(null)}
          onDone={(message) => {
            setDeciding(null);
            setDone(message);
          }}
        />
      )}
    </Screen>
  );
}
