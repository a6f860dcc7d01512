import { type Currency, formatMoney } from '@academy/contract/tuition/money';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { ReasonPopup } from '../reason-popup';
import type { RowView } from '../statement';
import { useVoidRow } from './use-desk';

const voidFailure = explainFailure({
  network: NO_CONNECTION,
  refusalPrefix: 'It was not voided: ',
  fallback: 'It could not be voided. Please try again.',
});

/**
 * Voids a ledger row with a reason, once asked: nothing is deleted, a void row cancels it, and
 * a payment's receipt keeps its number, marked VOID. The server's message goes to `onDone`.
 */
export function VoidPopup({
  studentId,
  view,
  currency,
  onClose,
  onDone,
}: {
  studentId: number;
  view: RowView;
  currency: Currency;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const change = useVoidRow();
  const amount = formatMoney(view.row.amount, currency, { withCode: true });
  return (
    <ReasonPopup
      title={`Void: ${view.title}, ${amount}?`}
      submitLabel="Void it"
      noReason="Please give the reason for voiding it."
      failure={voidFailure}
      busy={change.isPending}
      onClose={onClose}
      onDone={onDone}
      send={(reason, report) =>
        change.mutate({ user_id: studentId, row_id: view.row.id, reason }, report)
      }
    >
      <p>
        Nothing is deleted: a void row cancels it and the balance is worked out again.
        {view.onVoid && ` ${view.onVoid}`}
      </p>
    </ReasonPopup>
  );
}
