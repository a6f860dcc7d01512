import type { PayAdjustmentView } from '@academy/contract';
import { LEDGER_TEXT_MAX } from '@academy/contract/tuition/limits';
import type { Currency } from '@academy/contract/tuition/money';
import { formatMoney } from '@academy/contract/tuition/money';
import { useState } from 'react';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { FormPopup, TextField, useFormOutcome } from '../../../ui';
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
  const [reason, setReason] = useState('');
  const change = useVoidPayAdjustment();
  const outcome = useFormOutcome(() =>
    reason.trim() === '' ? 'Please give the reason for cancelling it.' : null,
  );
  const amount = formatMoney(adjustment.amount, currency, { withCode: true });
  return (
    <FormPopup
      open
      title={`Cancel the ${adjustment.kind} of ${amount}?`}
      onClose={onClose}
      submitLabel="Cancel it"
      busy={change.isPending}
      outcome={outcome}
      onSend={() =>
        change.mutate(
          { adjustment_id: adjustment.id, reason: reason.trim() },
          outcome.reports(voidFailure, onDone),
        )
      }
    >
      <p>Nothing is deleted: it stays on the month, struck through, with your reason.</p>
      <TextField
        label="Reason"
        maxLength={LEDGER_TEXT_MAX}
        autoComplete="off"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </FormPopup>
  );
}
