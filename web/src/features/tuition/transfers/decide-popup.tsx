import { LEDGER_TEXT_MAX } from '@academy/contract/tuition/limits';
import { type Currency, formatMoney } from '@academy/contract/tuition/money';
import { useState } from 'react';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { FormPopup, TextField, useFormOutcome } from '../../../ui';
import type { CardTransfer } from './transfer-draft';
import { useDecideTransfer } from './use-transfers';

const failures = {
  approve: explainFailure({
    network: NO_CONNECTION,
    refusalPrefix: 'It was not approved: ',
    fallback: 'It could not be approved. Please try again.',
  }),
  reject: explainFailure({
    network: NO_CONNECTION,
    refusalPrefix: 'It was not rejected: ',
    fallback: 'It could not be rejected. Please try again.',
  }),
};

/**
 * Approves a transfer (its payment and receipt are made) or rejects it with a reason, once
 * asked; the payer is told either way. The server's message (the receipt's number) goes to
 * `onDone`.
 */
export function DecidePopup({
  transfer,
  decision,
  currency,
  onClose,
  onDone,
}: {
  transfer: CardTransfer;
  decision: 'approve' | 'reject';
  currency: Currency;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [reason, setReason] = useState('');
  const change = useDecideTransfer();
  const isReject = decision === 'reject';
  const outcome = useFormOutcome(() =>
    isReject && reason.trim() === ''
      ? 'Please give the reason for rejecting it: the payer is told it.'
      : null,
  );
  const amount = formatMoney(transfer.amount, currency, { withCode: true });
  const who = transfer.student.name;
  return (
    <FormPopup
      open
      title={isReject ? `Reject ${who}’s transfer of ${amount}?` : `Approve ${amount} from ${who}?`}
      onClose={onClose}
      submitLabel={isReject ? 'Reject it' : 'Approve it'}
      busy={change.isPending}
      outcome={outcome}
      onSend={() =>
        change.mutate(
          {
            transfer_id: transfer.id,
            decision,
            ...(isReject ? { reason: reason.trim() } : {}),
          },
          outcome.reports(failures[decision], onDone),
        )
      }
    >
      <p>
        {isReject
          ? `${who} is told it was not accepted, and why.`
          : `A payment of ${amount} is recorded for ${who} with its receipt, and ${who} is told.`}{' '}
        Tracking number {transfer.tracking}, card ending {transfer.card_last4}.
      </p>
      {isReject && (
        <TextField
          label="Reason"
          maxLength={LEDGER_TEXT_MAX}
          autoComplete="off"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      )}
    </FormPopup>
  );
}
