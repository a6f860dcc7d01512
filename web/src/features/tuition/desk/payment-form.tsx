import type { CallResponse } from '@academy/contract';
import { type Currency, formatMoney } from '@academy/contract/tuition/money';
import { useState } from 'react';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import {
  ActionRow,
  Card,
  FieldRow,
  Form,
  FormActions,
  Message,
  SelectField,
  TextField,
  useFields,
  useFormOutcome,
} from '../../../ui';
import { AmountField } from '../amount-field';
import { MethodOptions } from '../method-options';
import { receiptDocument } from '../statement';
import { emptyDraft, type PaymentDraft, readPayment } from './payment-draft';
import { ReceiptButtons } from './receipt-buttons';
import { useRecordPayment } from './use-desk';

const paymentFailure = explainFailure({
  network: NO_CONNECTION,
  refusalPrefix: 'The payment was not recorded: ',
  fallback: 'The payment could not be recorded. Please try again.',
});

type Recorded = CallResponse<'recordPayment'>;

/**
 * "Record a payment" at the desk: an amount (partial allowed; the server sets it against the
 * oldest instalment due), the date (today unless typed), the method, a reference, and a
 * cheque's number and date for a cheque. Once recorded, the server's message (the receipt's
 * number and the balance after) stays with the receipt's Download and Print.
 */
export function PaymentForm({
  studentId,
  currency,
  today,
  due,
}: {
  studentId: number;
  currency: Currency;
  today: string;
  /** What is outstanding on the instalments due by today: the amount's hint. */
  due: number;
}) {
  const { values, bind, reset } = useFields<PaymentDraft>(emptyDraft(today));
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  const save = useRecordPayment();
  const read = () => readPayment(values, { studentId, currency, today });
  const outcome = useFormOutcome(() => {
    const answer = read();
    return 'problem' in answer ? answer.problem : null;
  });
  const handleSend = () => {
    const answer = read();
    if (!('payment' in answer)) return;
    setRecorded(null);
    save.mutate(answer.payment, {
      onSuccess: (done) => {
        setRecorded(done);
        reset();
      },
      onError: (error) => outcome.fail(paymentFailure(error)),
    });
  };
  const isCheque = values.method === 'cheque';
  return (
    <Card title="Record a payment">
      <Form onSend={handleSend} outcome={outcome}>
        <AmountField
          label="Amount"
          currency={currency}
          hint={
            due > 0
              ? `Due now: ${formatMoney(due, currency, { withCode: true })}. Part of it may be paid.`
              : 'Nothing is due now; a payment is kept as credit.'
          }
          {...bind('amount')}
        />
        <FieldRow>
          <TextField label="Date" type="date" max={today} {...bind('day')} />
          <SelectField label="Method" {...bind('method')}>
            <MethodOptions />
          </SelectField>
        </FieldRow>
        <TextField
          label="Reference (optional)"
          hint="A card reader's slip, a transfer's tracking number."
          autoComplete="off"
          {...bind('reference')}
        />
        {isCheque && (
          <FieldRow>
            <TextField label="Cheque number" autoComplete="off" {...bind('cheque_number')} />
            <TextField label="Cheque date" type="date" {...bind('cheque_day')} />
          </FieldRow>
        )}
        <FormActions
          outcome={outcome}
          label="Record the payment"
          busy={save.isPending}
          busyLabel="Recording..."
        />
      </Form>
      {recorded && (
        <>
          <Message tone="success">{recorded.message}</Message>
          <ActionRow>
            <ReceiptButtons
              document={receiptDocument(recorded.payment_id, recorded.receipt_number)}
            />
          </ActionRow>
        </>
      )}
    </Card>
  );
}
