import { useParams } from 'react-router';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { todayOn } from '../../../lib/dates';
import { useAcademyTimeZone } from '../../../shared/branding';
import { paths } from '../../../shared/paths';
import { Message, QueryView, Screen } from '../../../ui';
import { CurrencyMissing } from '../currency-missing';
import styles from '../money.module.css';
import { dueNow } from '../statement';
import { BalanceCard } from './balance-card';
import { DiscountCard } from './discount-card';
import { FamilyCard } from './family-card';
import { LeavingCard } from './leaving-card';
import { LedgerCard } from './ledger-card';
import { PaymentForm } from './payment-form';
import { ReceiptsCard } from './receipts-card';
import { useStatement } from './use-desk';

const loadFailure = explainFailure({
  network: NO_CONNECTION,
  refusalPrefix: 'Error loading the statement: ',
  fallback: 'The statement could not be loaded. Please try again.',
});

/**
 * /payments/:studentId (issue 52, point 3): a payer's statement at the desk. The balance and
 * what is due on top, then recording a payment, the ledger (each standing row can be voided
 * with a reason), a discount off a charge, a student leaving a class (point 2), and the
 * receipts to download or print.
 */
export default function PayerStatementScreen() {
  const studentId = Number(useParams().studentId);
  const isId = Number.isSafeInteger(studentId) && studentId > 0;
  const statement = useStatement(isId ? studentId : 0);
  const today = todayOn(useAcademyTimeZone());
  const back = { to: paths.payments, label: 'Back to Payments' };
  if (!isId)
    return (
      <Screen title="Statement" back={back}>
        <Message tone="error">There is no such payer: find them on Payments.</Message>
      </Screen>
    );
  return (
    <Screen
      title={statement.data ? `Statement: ${statement.data.student.name}` : 'Statement'}
      back={back}
    >
      <QueryView query={statement} loading="Loading the statement..." error={loadFailure}>
        {(data) =>
          data.currency === null ? (
            <CurrencyMissing />
          ) : (
            <div className={styles.stack}>
              <BalanceCard
                balance={data.balance}
                instalments={data.instalments}
                currency={data.currency}
                today={today}
              />
              <PaymentForm
                studentId={studentId}
                payerName={data.student.name}
                currency={data.currency}
                today={today}
                due={dueNow(data.instalments, today)}
              />
              <FamilyCard studentId={studentId} currency={data.currency} />
              <LedgerCard studentId={studentId} rows={data.rows} currency={data.currency} />
              <DiscountCard studentId={studentId} rows={data.rows} currency={data.currency} />
              <LeavingCard studentId={studentId} rows={data.rows} currency={data.currency} />
              <ReceiptsCard
                receipts={data.receipts}
                refundNotes={data.refund_notes}
                currency={data.currency}
              />
            </div>
          )
        }
      </QueryView>
    </Screen>
  );
}
