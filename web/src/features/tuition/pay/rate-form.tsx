import type { Currency } from '@academy/contract/tuition/money';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { ClassSelect } from '../../../components/class-select';
import { Card, Form, FormActions, useFields, useFormOutcome } from '../../../ui';
import { AmountField } from '../amount-field';
import { monthWords, readRate } from './pay-view';
import { useSetTeacherRate } from './use-pay';

const rateFailure = explainFailure({
  network: NO_CONNECTION,
  refusalPrefix: 'The rate was not saved: ',
  fallback: 'The rate could not be saved. Please try again.',
});

/**
 * Sets a teacher's hourly rate, or their rate for one class, from the month shown on: earlier
 * months keep the rates they had. A blank rate clears it (a class's sessions go back to the
 * hourly rate).
 */
export function RateForm({
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
  const { values, set, bind, reset } = useFields({ class_id: '', hourly: '' });
  const save = useSetTeacherRate();
  const outcome = useFormOutcome(() => {
    const read = readRate(values.hourly, currency);
    return 'problem' in read ? read.problem : null;
  });
  const handleSend = () => {
    const read = readRate(values.hourly, currency);
    if ('problem' in read) return;
    save.mutate(
      {
        teacher_id: teacherId,
        ...(values.class_id ? { class_id: Number(values.class_id) } : {}),
        hourly: read.hourly,
        from_month: month,
      },
      outcome.reports(rateFailure, (message) => {
        reset();
        onSaved(message);
      }),
    );
  };
  return (
    <Card title="Set a rate">
      <Form onSend={handleSend} outcome={outcome}>
        <ClassSelect
          label="Class (none: the hourly rate for every class)"
          value={values.class_id}
          onChange={(class_id) => set({ class_id })}
        />
        <AmountField
          label="Rate an hour"
          currency={currency}
          hint={`From ${monthWords(month)} on. Leave it blank to clear the rate.`}
          {...bind('hourly')}
        />
        <FormActions
          outcome={outcome}
          label="Save the rate"
          busy={save.isPending}
          busyLabel="Saving..."
        />
      </Form>
    </Card>
  );
}
