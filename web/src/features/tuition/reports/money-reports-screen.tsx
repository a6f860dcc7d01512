import { paths } from '../../../shared/paths';
import { Screen } from '../../../ui';
import { IncomeCard } from './income-card';
import { OutstandingCard } from './outstanding-card';
import { ReceiptCheckCard } from './receipt-check-card';

/**
 * /payments/reports (issue 52, point 8): the money reports, the administrators' alone. Income
 * per day or month by method, what is outstanding per term, and the check of a year's
 * receipt numbers (none missing, none twice), each a section of its own that loads by itself.
 */
export default function MoneyReportsScreen() {
  return (
    <Screen
      title="Money reports"
      subtitle="Income by method, what each term is still owed, and the receipt numbers."
      back={{ to: paths.payments, label: 'Back to Payments' }}
    >
      <IncomeCard />
      <OutstandingCard />
      <ReceiptCheckCard />
    </Screen>
  );
}
