import type { Currency } from '@academy/contract/tuition/money';
import { useState } from 'react';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { readStoredUser } from '../../../api/session';
import { shrinkPhotos } from '../../../media/shrink-photos';
import {
  FieldRow,
  FilePicker,
  FormActions,
  FormCard,
  NumberField,
  ProgressBar,
  TextField,
  useFields,
  useFormOutcome,
} from '../../../ui';
import { AmountField } from '../amount-field';
import {
  emptyTransferDraft,
  PHOTO_ACCEPT,
  readTransfer,
  type TransferDraft,
} from './transfer-draft';
import { useReportTransfer } from './use-transfers';

const reportFailure = explainFailure({
  network: `${NO_CONNECTION} Sending a transfer needs a connection.`,
  refusalPrefix: 'The transfer was not sent: ',
  fallback: 'The transfer could not be sent. Please try again.',
});

/**
 * "I paid by card transfer" (issue 52, point 4): the amount, the transfer's date (today unless
 * typed, never after), the card's last four digits, the tracking number and a photo of the
 * transfer's receipt, sent with the upload's progress. The server's message goes to `onSent`.
 */
export function TransferForm({
  currency,
  today,
  onSent,
}: {
  currency: Currency;
  today: string;
  onSent: (message: string) => void;
}) {
  const { values, bind } = useFields<TransferDraft>(emptyTransferDraft(today));
  const [photos, setPhotos] = useState<File[]>([]);
  const [sizeBefore] = useState(() => new WeakMap<File, number>());
  const [percent, setPercent] = useState(0);
  const send = useReportTransfer(setPercent);
  const read = () =>
    readTransfer(values, photos[0] ?? null, {
      studentId: readStoredUser()?.id ?? 0,
      currency,
      today,
    });
  const outcome = useFormOutcome(() => {
    const answer = read();
    return 'problem' in answer ? answer.problem : null;
  });
  const handleSend = () => {
    const answer = read();
    if (!('request' in answer)) return;
    setPercent(0);
    send.mutate(answer.request, {
      onSuccess: (done) => onSent(done.message),
      onError: (error) => outcome.fail(reportFailure(error)),
    });
  };
  return (
    <FormCard title="Your transfer" onSend={handleSend} outcome={outcome}>
      <AmountField label="Amount" currency={currency} {...bind('amount')} />
      <TextField label="Date of the transfer" type="date" max={today} {...bind('day')} />
      <FieldRow>
        <NumberField
          label="Card’s last four digits"
          hint="Of the card you paid from."
          maxLength={4}
          {...bind('card_last4')}
        />
        <TextField label="Tracking number" autoComplete="off" {...bind('tracking')} />
      </FieldRow>
      <FilePicker
        label="Photo of the transfer’s receipt"
        accept={PHOTO_ACCEPT}
        hint="A photo or screenshot (JPG or PNG) or a PDF, up to 5 MB."
        files={photos}
        // A phone's photo is made smaller first, as an assignment's pages are: 3–8 MB from a
        // camera would be over the 5 MB the server takes.
        onChange={async (files) => setPhotos(await shrinkPhotos(files.slice(0, 1), sizeBefore))}
        onRemove={() => setPhotos([])}
        previews
        disabled={send.isPending}
      />
      {send.isPending && <ProgressBar percent={percent} label="Upload progress" />}
      <FormActions
        outcome={outcome}
        label="Send for approval"
        busy={send.isPending}
        busyLabel={percent < 100 ? `Uploading ${percent}%...` : 'Sending...'}
      />
    </FormCard>
  );
}
