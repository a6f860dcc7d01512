import type { CallResponse } from '@academy/contract';
import {
  fillReminder,
  PAYMENT_REMINDER_DAYS_MAX,
  PAYMENT_REMINDER_FIELD_WORDS,
  PAYMENT_REMINDER_FIELDS,
  PAYMENT_REMINDER_TEXT_MAX,
  reminderTextProblem,
} from '@academy/contract/tuition/reminders';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { saveFailure } from '../../../api/save-failure';
import {
  Card,
  Form,
  FormActions,
  NumberField,
  QueryView,
  TextAreaField,
  useFields,
  useFormOutcome,
} from '../../../ui';
import { LastSaved } from '../last-saved';
import { usePaymentReminders, useSavePaymentReminders } from './use-debtors';

type Saved = CallResponse<'getPaymentReminders'>;

/** What the preview fills the words with: a payer as the academy would see one. */
const EXAMPLE = {
  name: 'Sara Ahmadi',
  part: 'Week 4',
  amount: '3,000,000',
  due: '2026-10-18',
  balance: '6,000,000',
  academy: 'the academy',
};

/** A day count typed in the form, or its problem. */
function daysProblem(typed: string, what: string): string | null {
  const t = typed.trim();
  if (!/^\d{1,3}$/.test(t) || Number(t) > PAYMENT_REMINDER_DAYS_MAX)
    return `${what} must be a whole number from 0 to ${PAYMENT_REMINDER_DAYS_MAX}.`;
  return null;
}

/**
 * The debtors screen's automatic reminders (issue 52, point 5): a few days before each
 * instalment falls due and once when it is overdue, in the academy's words, by the channels
 * each payer (and their guardians) get payments by; never in the quiet hours.
 */
export function AutoRemindersCard() {
  const reminders = usePaymentReminders();
  return (
    <Card title="Automatic reminders">
      <QueryView
        query={reminders}
        loading="Loading the reminders..."
        error={explainFailure({
          network: NO_CONNECTION,
          fallback: 'The reminders could not be loaded. Please try again.',
        })}
      >
        {(answer) => <RemindersForm saved={answer} />}
      </QueryView>
    </Card>
  );
}

function RemindersForm({ saved }: { saved: Saved }) {
  const { values, bind } = useFields({
    days_before: String(saved.rules.days_before),
    days_overdue: String(saved.rules.days_overdue),
    before_text: saved.rules.before_text,
    overdue_text: saved.rules.overdue_text,
  });
  const save = useSavePaymentReminders();
  const outcome = useFormOutcome(
    () =>
      daysProblem(values.days_before, 'Days before the due day') ??
      daysProblem(values.days_overdue, 'Days after the due day') ??
      reminderTextProblem(values.before_text, 'before') ??
      reminderTextProblem(values.overdue_text, 'overdue'),
  );
  const handleSend = () =>
    save.mutate(
      {
        days_before: Number(values.days_before.trim()),
        days_overdue: Number(values.days_overdue.trim()),
        before_text: values.before_text,
        overdue_text: values.overdue_text,
      },
      outcome.reports(saveFailure),
    );
  // What a payer would read, once the words have no problem.
  const preview = (text: string, which: 'before' | 'overdue') =>
    reminderTextProblem(text, which) === null
      ? `For example: ${fillReminder(text, EXAMPLE)}`
      : undefined;
  return (
    <Form onSend={handleSend} outcome={outcome} aria-label="Automatic reminders">
      <p>
        Each payer who still owes an instalment is told, and their guardians when they are sent
        payments. Nothing goes during the quiet hours. Write to the student (“Your…”): a guardian
        reads it about them, and texts and e-mails begin with the academy’s name. The words may name{' '}
        {PAYMENT_REMINDER_FIELDS.map((f, i) => (
          <span key={f}>
            {i > 0 && ', '}
            <code>{`{${f}}`}</code> ({PAYMENT_REMINDER_FIELD_WORDS[f]})
          </span>
        ))}
        .
      </p>
      <NumberField
        label="Days before the due day"
        hint="0: no reminder before the due day."
        min={0}
        max={PAYMENT_REMINDER_DAYS_MAX}
        {...bind('days_before')}
      />
      <TextAreaField
        label="Words before the due day"
        hint={preview(values.before_text, 'before')}
        maxLength={PAYMENT_REMINDER_TEXT_MAX}
        rows={3}
        {...bind('before_text')}
      />
      <NumberField
        label="Days after the due day"
        hint="0: no reminder when an instalment is overdue."
        min={0}
        max={PAYMENT_REMINDER_DAYS_MAX}
        {...bind('days_overdue')}
      />
      <TextAreaField
        label="Words when overdue"
        hint={preview(values.overdue_text, 'overdue')}
        maxLength={PAYMENT_REMINDER_TEXT_MAX}
        rows={3}
        {...bind('overdue_text')}
      />
      <LastSaved saved={saved.saved} />
      <FormActions
        outcome={outcome}
        label="Save the reminders"
        busy={save.isPending}
        busyLabel="Saving..."
      />
    </Form>
  );
}
