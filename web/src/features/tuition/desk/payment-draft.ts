import type { CallRequest } from '@academy/contract';
import type { PaymentMethod } from '@academy/contract/tuition/limits';
import type { Currency } from '@academy/contract/tuition/money';
import { readAmount } from '../amount-field';

/** The desk's payment form as typed. */
export interface PaymentDraft {
  amount: string;
  day: string;
  method: PaymentMethod;
  reference: string;
  cheque_number: string;
  cheque_day: string;
  /** Whose payment it is: the payer's, or their family's split across the children. */
  paid_for: 'payer' | 'family';
}

export const emptyDraft = (today: string): PaymentDraft => ({
  amount: '',
  day: today,
  method: 'cash',
  reference: '',
  cheque_number: '',
  cheque_day: '',
  paid_for: 'payer',
});

/**
 * The payment a draft makes, or the first problem with it in words, as the server would say
 * it: an amount more than 0 in the currency's shape, a date not after today, and a cheque's
 * number and date.
 */
export function readPayment(
  draft: PaymentDraft,
  context: { studentId: number; currency: Currency; today: string },
): { payment: CallRequest<'recordPayment'> } | { problem: string } {
  const read = readAmount(draft.amount, context.currency);
  if ('problem' in read) return { problem: read.problem };
  if (read.amount === 0) return { problem: 'The amount must be more than 0.' };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.day))
    return { problem: 'Please enter the payment’s date.' };
  if (draft.day > context.today) return { problem: 'The payment’s date cannot be after today.' };
  const isCheque = draft.method === 'cheque';
  if (isCheque && draft.cheque_number.trim() === '')
    return { problem: 'Please enter the cheque’s number.' };
  if (isCheque && !/^\d{4}-\d{2}-\d{2}$/.test(draft.cheque_day))
    return { problem: 'Please enter the cheque’s date.' };
  return {
    payment: {
      user_id: context.studentId,
      amount: read.amount,
      day: draft.day,
      method: draft.method,
      reference: draft.reference.trim(),
      cheque_number: isCheque ? draft.cheque_number.trim() : '',
      ...(isCheque ? { cheque_day: draft.cheque_day } : {}),
    },
  };
}
