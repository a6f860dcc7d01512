import { LEDGER_TEXT_MAX } from '@academy/contract/tuition/limits';
import { type Currency, formatMoney } from '@academy/contract/tuition/money';
import { useState } from 'react';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { FormPopup, TextField, useFormOutcome } from '../../../ui';
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
  const [reason, setReason] = useState('');
  const change = useVoidRow();
  const outcome = useFormOutcome(() =>
    reason.trim() === '' ? 'Please give the reason for voiding it.' : null,
  );
  const amount = formatMoney(view.row.amount, currency, { withCode: true });
  return (
    <FormPopup
      open
      title={`Void: ${view.title}, ${amount}?`}
      onClose={onClose}
      submitLabel="Void it"
      busy={change.isPending}
      outcome={outcome}
      onSend={() =>
        change.mutate(
          { user_id: studentId, row_id: view.row.id, reason: reason.trim() },
          outcome.reports(voidFailure, onDone),
        )
      }
    >
      <p>
        Nothing is deleted: a void row cancels it and the balance is worked out again.
        {view.onVoid && ` ${view.onVoid}`}
      </p>
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
