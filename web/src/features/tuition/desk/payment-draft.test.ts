import { describe, expect, it } from 'vitest';
import { emptyDraft, readPayment } from './payment-draft';

const context = {
  studentId: 7,
  currency: { code: 'IRR', name: 'Rial', decimals: 0 },
  today: '2026-10-20',
};
const draft = (over: Partial<ReturnType<typeof emptyDraft>>) => ({
  ...emptyDraft(context.today),
  ...over,
});

describe('a payment typed at the desk', () => {
  it('starts with no amount, today and cash', () => {
    expect(emptyDraft('2026-10-20')).toMatchObject({
      amount: '',
      day: '2026-10-20',
      method: 'cash',
    });
    expect(readPayment(emptyDraft(context.today), context)).toEqual({
      problem: 'Please enter the amount.',
    });
  });

  it('reads the amount as people type it and leaves out the cheque’s fields', () => {
    expect(
      readPayment(
        draft({ amount: '۱٬۲۵۰٬۰۰۰', reference: ' POS 12 ', cheque_number: '9' }),
        context,
      ),
    ).toEqual({
      payment: {
        user_id: 7,
        amount: 1_250_000,
        day: '2026-10-20',
        method: 'cash',
        reference: 'POS 12',
        cheque_number: '',
      },
    });
  });

  it('says what is wrong, as the server would', () => {
    const problem = (over: Parameters<typeof draft>[0]) =>
      (readPayment(draft(over), context) as { problem?: string }).problem;
    expect(problem({ amount: '0' })).toBe('The amount must be more than 0.');
    expect(problem({ amount: '1.5' })).toBe('This currency has no decimals.');
    expect(problem({ amount: '100', day: '' })).toBe('Please enter the payment’s date.');
    expect(problem({ amount: '100', day: '2026-10-21' })).toBe(
      'The payment’s date cannot be after today.',
    );
    expect(problem({ amount: '100', method: 'cheque' })).toBe('Please enter the cheque’s number.');
    expect(problem({ amount: '100', method: 'cheque', cheque_number: 'A1' })).toBe(
      'Please enter the cheque’s date.',
    );
  });

  it('sends a cheque with its number and date', () => {
    const read = readPayment(
      draft({ amount: '100', method: 'cheque', cheque_number: 'A1', cheque_day: '2026-11-01' }),
      context,
    );
    expect(read).toMatchObject({
      payment: { method: 'cheque', cheque_number: 'A1', cheque_day: '2026-11-01' },
    });
  });
});
