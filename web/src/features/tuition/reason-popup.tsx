import { LEDGER_TEXT_MAX } from '@academy/contract/tuition/limits';
import { type ReactNode, useState } from 'react';
import { type AnswerReport, FormPopup, TextField, useFormOutcome } from '../../ui';

/**
 * Asks the reason for cancelling money (a ledger row voided at the desk, a teacher's pay
 * adjustment cancelled) before doing it: money is never deleted, so each cancellation keeps
 * the reason its reader will see. `send` makes the call with the reason typed and the
 * popup's report of its answer (the server's message goes to `onDone`, a failure stays here).
 */
export function ReasonPopup({
  title,
  submitLabel,
  noReason,
  failure,
  busy,
  onClose,
  onDone,
  send,
  children,
}: {
  title: string;
  submitLabel: string;
  /** What the popup says when Send is pressed with no reason. */
  noReason: string;
  failure: (error: Error) => string;
  busy: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
  send: (reason: string, report: AnswerReport) => void;
  /** What the cancellation does, in words. */
  children: ReactNode;
}) {
  const [reason, setReason] = useState('');
  const outcome = useFormOutcome(() => (reason.trim() === '' ? noReason : null));
  return (
    <FormPopup
      open
      title={title}
      onClose={onClose}
      submitLabel={submitLabel}
      busy={busy}
      outcome={outcome}
      onSend={() => send(reason.trim(), outcome.reports(failure, onDone))}
    >
      {children}
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
