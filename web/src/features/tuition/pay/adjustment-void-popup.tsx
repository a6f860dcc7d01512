import type { PayAdjustmentView } from '@academy/contract';
import { type Currency, formatMoney } from '@academy/contract/tuition/money';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { ReasonPopup } from '../reason-popup';
import { useVoidPayAdjustment } from './use-pay';

const voidFailure = explainFailure({
  network: NO_CONNECTION,
  refusalPrefix: 'It was not cancelled: ',
  fallback: 'It could not be cancelled. Please try again.',
});

/** Cancels a bonus or deduction with a reason: nothing is deleted, a void row cancels it. */
export function AdjustmentVoidPopup({
  adjustment,
  currency,
  onClose,
  onDone,
}: {
  adjustment: PayAdjustmentView;
  currency: Currency;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const change = useVoidPayAdjustment();
  const amount = formatMoney(adjustment.amount, currency, { withCode: true });
  return (
    <ReasonPopup
      title={`Cancel the ${adjustment.kind} of ${amount}?`}
      submitLabel="Cancel it"
      noReason="Please give the reason for cancelling it."
      failure={voidFailure}
      busy={change.isPending}
      onClose={onClose}
      onDone={onDone}
      send={(reason, report) => change.mutate({ adjustment_id: adjustment.id, reason }, report)}
    >
      <p>Nothing is deleted: it stays on the month, struck through, with your reason.</p>
    </ReasonPopup>
  );
}
