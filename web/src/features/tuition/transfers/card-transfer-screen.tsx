import { useState } from 'react';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { useAcademyToday } from '../../../shared/academy-today';
import { useMyStatement } from '../../../shared/own-statement';
import { paths } from '../../../shared/paths';
import { ActionRow, Button, ButtonLink, Message, QueryView, Screen } from '../../../ui';
import styles from '../mine/payments.module.css';
import { MyTransferList } from './my-transfers';
import { TransferForm } from './transfer-form';

const loadFailure = explainFailure({
  network: NO_CONNECTION,
  fallback: 'The form could not be loaded. Please try again.',
});

/**
 * /my-payments/card-transfer (issue 52, point 4): "I paid by card transfer". The student (or a
 * guardian on their phone) reports a transfer with a photo of its receipt; it waits for the
 * office's approval, and the transfers reported so far show under the server's message. The
 * currency is the one on their own statement. Sending needs a connection (the route's
 * 'form' notice says so offline).
 */
export default function CardTransferScreen() {
  const statement = useMyStatement();
  const today = useAcademyToday();
  const [sent, setSent] = useState<string | null>(null);
  return (
    <Screen
      title="I paid by card transfer"
      subtitle="Send the transfer’s details and a photo of its receipt; the office checks it."
      back={{ to: paths.myPayments, label: 'Back to My payments' }}
      width="narrow"
    >
      <QueryView query={statement} loading="Loading..." error={loadFailure}>
        {(answer) =>
          answer.currency === null ? (
            <Message tone="info">
              The academy has not set up payments yet. Please ask the office.
            </Message>
          ) : sent ? (
            <div className={styles.page}>
              <Message tone="success">{sent}</Message>
              <ActionRow>
                <ButtonLink to={paths.myPayments} variant="primary">
                  Back to My payments
                </ButtonLink>
                <Button variant="secondary" onClick={() => setSent(null)}>
                  Report another transfer
                </Button>
              </ActionRow>
              <MyTransferList />
            </div>
          ) : (
            <TransferForm currency={answer.currency} today={today} onSent={setSent} />
          )
        }
      </QueryView>
    </Screen>
  );
}
