import { hasMoney } from '@academy/contract/tuition/statement';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { useAcademyToday } from '../../../shared/academy-today';
import { useMyStatement } from '../../../shared/own-statement';
import { backTo } from '../../../shared/paths';
import { QueryView, Screen } from '../../../ui';
import { MyTransfers } from '../transfers/my-transfers';
import { BalanceCard } from './balance-card';
import { InstalmentList } from './instalment-list';
import { MoneyHistory } from './money-history';
import styles from './payments.module.css';
import { ReceiptList } from './receipt-list';
import { statementView } from './statement-view';

/**
 * /my-payments (issue 52, point 6): the student's balance and next instalment, each
 * instalment's state, their receipts to download and a short history. Kept on the phone, and
 * refreshed by the live topic 'tuition' when the office records a payment.
 */
export default function MyPaymentsScreen() {
  const statement = useMyStatement();
  const today = useAcademyToday();
  return (
    <Screen title="My payments" back={backTo.home} width="narrow">
      <QueryView
        query={statement}
        loading="Loading your payments..."
        error={explainFailure({
          network: NO_CONNECTION,
          fallback: 'Your payments could not be loaded. Please try again.',
        })}
        isEmpty={(answer) => !hasMoney(answer)}
        empty="Nothing to pay and nothing paid yet. Fees the office charges you appear here."
      >
        {(answer) => {
          const view = statementView(answer, today);
          if (!view) return null;
          return (
            <div className={styles.page}>
              <BalanceCard view={view} />
              <InstalmentList view={view} />
              <ReceiptList view={view} />
              <MoneyHistory view={view} />
            </div>
          );
        }}
      </QueryView>
      <MyTransfers />
    </Screen>
  );
}
