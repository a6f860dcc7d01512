import type { CallRequest, CallResponse } from '@academy/contract';
import { MAX_FILE_BYTES } from '@academy/contract/constants';
import { CARD_TRANSFER_STATES, type CardTransferState } from '@academy/contract/tuition/limits';
import type { Currency } from '@academy/contract/tuition/money';
import { westernDigits } from '@academy/contract/tuition/money';
import { readAmount } from '../amount-field';

/**
 * The card-transfer form's rules and the words for a transfer's state (issue 52, point 4),
 * apart from the screens so they are tested without them. The checks are the server's, in
 * its words, so a phone says what is wrong before anything is sent.
 */

export type CardTransfer = CallResponse<'listCardTransfers'>['transfers'][number];

/** The student's form as typed. */
export interface TransferDraft {
  amount: string;
  day: string;
  card_last4: string;
  tracking: string;
}

export const emptyTransferDraft = (today: string): TransferDraft => ({
  amount: '',
  day: today,
  card_last4: '',
  tracking: '',
});

/** The photo's kinds the server takes (a phone's photo is a JPEG). */
const ACCEPTED = /\.(jpe?g|png|pdf)$/i;
export const PHOTO_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

/** What the form sends, or the first problem with it in words. */
export function readTransfer(
  draft: TransferDraft,
  photo: File | null,
  context: { studentId: number; currency: Currency; today: string },
): { request: CallRequest<'reportCardTransfer'> & { photo: File } } | { problem: string } {
  const read = readAmount(draft.amount, context.currency);
  if ('problem' in read) return { problem: read.problem };
  if (read.amount === 0) return { problem: 'The amount must be more than 0.' };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.day))
    return { problem: 'Please enter the transfer’s date.' };
  if (draft.day > context.today) return { problem: 'The transfer’s date cannot be after today.' };
  const last4 = westernDigits(draft.card_last4).replace(/\s/g, '');
  if (!/^\d{4}$/.test(last4))
    return { problem: 'Please enter the last four digits of the card you paid from.' };
  const tracking = westernDigits(draft.tracking).replace(/\s/g, '');
  if (!/^[0-9A-Za-z-]{4,30}$/.test(tracking))
    return { problem: 'Please enter the transfer’s tracking number (4 to 30 letters and digits).' };
  if (!photo) return { problem: 'Please add a photo of the transfer’s receipt.' };
  if (!ACCEPTED.test(photo.name))
    return { problem: 'Only JPG, JPEG, PNG and PDF files are accepted.' };
  if (photo.size > MAX_FILE_BYTES) return { problem: 'The photo must be at most 5 MB.' };
  return {
    request: {
      user_id: context.studentId,
      amount: read.amount,
      day: draft.day,
      card_last4: last4,
      tracking,
      photo,
    },
  };
}

/** A transfer's state as its payer reads it. */
export function transferStateWords(
  transfer: Pick<CardTransfer, 'state' | 'receipt_number' | 'reason'>,
): string {
  if (transfer.state === 'awaiting') return 'Awaiting approval';
  if (transfer.state === 'approved')
    return transfer.receipt_number ? `Approved — receipt ${transfer.receipt_number}` : 'Approved';
  return transfer.reason ? `Not accepted: ${transfer.reason}` : 'Not accepted';
}

/** The administrator's lists, in CARD_TRANSFER_STATES' order on the screen. */
export const STATE_CHOICES: Record<CardTransferState, { label: string; empty: string }> = {
  awaiting: { label: 'Awaiting approval', empty: 'No transfer is awaiting approval.' },
  approved: { label: 'Approved', empty: 'No transfer has been approved yet.' },
  rejected: { label: 'Rejected', empty: 'No transfer has been rejected.' },
};

/** The state the screen's address names (`?state=`), awaiting approval unless another. */
export const stateOf = (value: string | null): CardTransferState =>
  CARD_TRANSFER_STATES.find((state) => state === value) ?? 'awaiting';

/** A photo's link names an image (a preview is shown) or a PDF (only a link). */
export const isImageName = (name: string) => /\.(jpe?g|png|gif|webp)$/i.test(name);
