import { LEDGER_TEXT_MAX } from '@academy/contract/tuition/limits';
import type { Currency } from '@academy/contract/tuition/money';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import {
  Card,
  FieldRow,
  Form,
  FormActions,
  SelectField,
  TextField,
  useFields,
  useFormOutcome,
} from '../../../ui';
import { AmountField } from '../amount-field';
import { type AdjustmentDraft, EMPTY_ADJUSTMENT, monthWords, readAdjustment } from './pay-view';
import { useAddPayAdjustment } from './use-pay';

const addFailure = explainFailure({
  network: NO_CONNECTION,
  refusalPrefix: 'It was not added: ',
  fallback: 'It could not be added. Please try again.',
});

/** A bonus or a deduction on the teacher's month, with the reason the teacher will read. */
export function AdjustmentForm({
  teacherId,
  month,
  currency,
  onSaved,
}: {
  teacherId: number;
  month: string;
  currency: Currency;
  onSaved: (message: string) => void;
}) {
  const { values, bind, reset } = useFields<AdjustmentDraft>(EMPTY_ADJUSTMENT);
  const save = useAddPayAdjustment();
  const outcome = useFormOutcome(() => {
    const read = readAdjustment(values, currency);
    return 'problem' in read ? read.problem : null;
  });
  const handleSend = () => {
    const read = readAdjustment(values, currency);
    if ('problem' in read) return;
    save.mutate(
      { teacher_id: teacherId, month, kind: values.kind, ...read },
      outcome.reports(addFailure, (message) => {
        reset();
        onSaved(message);
      }),
    );
  };
  return (
    <Card title={`Add a bonus or deduction for ${monthWords(month)}`}>
      <Form onSend={handleSend} outcome={outcome}>
        <FieldRow>
          <SelectField label="Kind" {...bind('kind')}>
            <option value="bonus">Bonus</option>
            <option value="deduction">Deduction</option>
          </SelectField>
          <AmountField label="Amount" currency={currency} {...bind('amount')} />
        </FieldRow>
        <TextField
          label="Reason"
          hint="The teacher reads it on their pay."
          maxLength={LEDGER_TEXT_MAX}
          autoComplete="off"
          {...bind('reason')}
        />
        <FormActions outcome={outcome} label="Add it" busy={save.isPending} busyLabel="Adding..." />
      </Form>
    </Card>
  );
}
