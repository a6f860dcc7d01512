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
import { type MoneyDocument, receiptDocument } from '../statement';
import { emptyDraft, type PaymentDraft, readPayment } from './payment-draft';
import { ReceiptButtons } from './receipt-buttons';
import { useFamily, useRecordFamilyPayment, useRecordPayment } from './use-desk';

const paymentFailure = explainFailure({
  network: NO_CONNECTION,
  refusalPrefix: 'The payment was not recorded: ',
  fallback: 'The payment could not be recorded. Please try again.',
});

/** A payment recorded: the server's words, and the receipt of each child it was for. */
interface Recorded {
  message: string;
  receipts: { name?: string; document: MoneyDocument }[];
}

const ofPayment = (done: CallResponse<'recordPayment'>): Recorded => ({
  message: done.message,
  receipts: [{ document: receiptDocument(done.payment_id, done.receipt_number) }],
});

const ofFamily = (done: CallResponse<'recordFamilyPayment'>): Recorded => ({
  message: done.message,
  receipts: done.receipts.map((r) => ({
    name: r.name,
    document: receiptDocument(r.payment_id, r.receipt_number),
  })),
});

/** What the amount's hint says: what is due now, and for a family what the others owe. */
function amountHint(o: {
  due: number;
  forFamily: boolean;
  siblingsOwe: number;
  money: (n: number) => string;
}): string {
  const own = o.due > 0 ? `Due now: ${o.money(o.due)}.` : 'Nothing is due now from this payer.';
  if (o.forFamily)
    return `${own} The brothers and sisters owe ${o.money(o.siblingsOwe)} in all. Part of it may be paid.`;
  return o.due > 0
    ? `${own} Part of it may be paid.`
    : 'Nothing is due now; a payment is kept as credit.';
}

/** What was recorded, with each receipt's Download and Print (a family's: one per child). */
function RecordedReceipts({ recorded }: { recorded: Recorded }) {
  return (
    <>
      <Message tone="success">{recorded.message}</Message>
      {recorded.receipts.map(({ name, document }) => (
        <ActionRow key={document.number}>
          {name && <span>{name}</span>}
          <ReceiptButtons document={document} />
        </ActionRow>
      ))}
    </>
  );
}

/**
 * "Record a payment" at the desk: an amount (partial allowed; the server sets it against the
 * oldest instalment due), the date (today unless typed), the method, a reference, and a
 * cheque's number and date for a cheque, and, for a payer with brothers and sisters, whether it
 * is the family's (split across the children's instalments, a receipt each). Once recorded,
 * the server's message (the receipts' numbers and the balances after) stays with each
 * receipt's Download and Print.
 */
export function PaymentForm({
  studentId,
  payerName,
  currency,
  today,
  due,
}: {
  studentId: number;
  payerName: string;
  currency: Currency;
  today: string;
  /** What is outstanding on the instalments due by today: the amount's hint. */
  due: number;
}) {
  const { values, bind, reset } = useFields<PaymentDraft>(emptyDraft(today));
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  const save = useRecordPayment();
  const saveForFamily = useRecordFamilyPayment();
  const family = useFamily(studentId).data?.family ?? [];
  const forFamily = values.paid_for === 'family' && family.length > 0;
  const read = () => readPayment(values, { studentId, currency, today });
  const outcome = useFormOutcome(() => {
    const answer = read();
    return 'problem' in answer ? answer.problem : null;
  });
  const handleSend = () => {
    const answer = read();
    if (!('payment' in answer)) return;
    setRecorded(null);
    const done = (made: Recorded) => {
      setRecorded(made);
      reset();
    };
    const onError = (error: Error) => outcome.fail(paymentFailure(error));
    if (forFamily)
      saveForFamily.mutate(answer.payment, { onSuccess: (d) => done(ofFamily(d)), onError });
    else save.mutate(answer.payment, { onSuccess: (d) => done(ofPayment(d)), onError });
  };
  const isCheque = values.method === 'cheque';
  return (
    <Card title="Record a payment">
      <Form onSend={handleSend} outcome={outcome}>
        {family.length > 0 && (
          <SelectField
            label="Paid for"
            hint="A family’s payment goes to the instalments due first, whoever’s they are, with a receipt for each child."
            {...bind('paid_for')}
          >
            <option value="payer">{payerName} only</option>
            <option value="family">
              The family: {[payerName, ...family.map((m) => m.name)].join(', ')}
            </option>
          </SelectField>
        )}
        <AmountField
          label="Amount"
          currency={currency}
          hint={amountHint({
            due,
            forFamily,
            siblingsOwe: family.reduce((sum, m) => sum + Math.max(m.balance, 0), 0),
            money: (n) => formatMoney(n, currency, { withCode: true }),
          })}
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
          busy={save.isPending || saveForFamily.isPending}
          busyLabel="Recording..."
        />
      </Form>
      {recorded && <RecordedReceipts recorded={recorded} />}
    </Card>
  );
}
