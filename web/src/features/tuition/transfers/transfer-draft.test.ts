import { describe, expect, it } from 'vitest';
import {
  emptyTransferDraft,
  isImageName,
  readTransfer,
  stateOf,
  type TransferDraft,
  transferStateWords,
} from './transfer-draft';

const context = {
  studentId: 7,
  currency: { code: 'IRR', name: 'Rial', decimals: 0 },
  today: '2026-10-20',
};
const filled: TransferDraft = {
  amount: '3,000,000',
  day: '2026-10-19',
  card_last4: '۱۲۳۴',
  tracking: ' 98 7654 ',
};
const photo = (name = 'receipt.jpg', size = 1000) =>
  new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
const problem = (over: Partial<TransferDraft>, file: File | null = photo()) => {
  const read = readTransfer({ ...filled, ...over }, file, context);
  return 'problem' in read ? read.problem : null;
};

describe('a card transfer typed on a phone', () => {
  it('starts empty, dated today', () => {
    expect(emptyTransferDraft('2026-10-20')).toEqual({
      amount: '',
      day: '2026-10-20',
      card_last4: '',
      tracking: '',
    });
  });

  it('sends the amount in minor units, Western digits, and the photo', () => {
    const file = photo();
    const read = readTransfer(filled, file, context);
    expect(read).toEqual({
      request: {
        user_id: 7,
        amount: 3_000_000,
        day: '2026-10-19',
        card_last4: '1234',
        tracking: '987654',
        photo: file,
      },
    });
  });

  it('says what is wrong, in the server’s words', () => {
    expect(problem({ amount: '' })).toMatch(/amount/i);
    expect(problem({ amount: '0' })).toBe('The amount must be more than 0.');
    expect(problem({ day: '' })).toBe('Please enter the transfer’s date.');
    expect(problem({ day: '2026-10-21' })).toBe('The transfer’s date cannot be after today.');
    expect(problem({ day: '2026-10-20' })).toBeNull();
    expect(problem({ card_last4: '123' })).toBe(
      'Please enter the last four digits of the card you paid from.',
    );
    expect(problem({ tracking: '12' })).toMatch(/tracking number/);
    expect(problem({}, null)).toBe('Please add a photo of the transfer’s receipt.');
    expect(problem({}, photo('receipt.gif'))).toBe(
      'Only JPG, JPEG, PNG and PDF files are accepted.',
    );
    expect(problem({}, photo('receipt.pdf', 5_242_881))).toBe('The photo must be at most 5 MB.');
    expect(problem({}, photo('receipt.PDF'))).toBeNull();
  });
});

describe('a transfer’s state in words', () => {
  it('says awaiting, approved with its receipt, or not accepted with the reason', () => {
    const none = { receipt_number: null, reason: '' };
    expect(transferStateWords({ ...none, state: 'awaiting' })).toBe('Awaiting approval');
    expect(transferStateWords({ ...none, state: 'approved', receipt_number: '2026-000012' })).toBe(
      'Approved — receipt 2026-000012',
    );
    expect(transferStateWords({ ...none, state: 'rejected', reason: 'Wrong amount' })).toBe(
      'Not accepted: Wrong amount',
    );
  });

  it('reads the list asked for from the address, awaiting approval unless another', () => {
    expect(stateOf(null)).toBe('awaiting');
    expect(stateOf('rejected')).toBe('rejected');
    expect(stateOf('nonsense')).toBe('awaiting');
  });

  it('previews images only', () => {
    expect(isImageName('receipt.JPG')).toBe(true);
    expect(isImageName('receipt.pdf')).toBe(false);
  });
});
