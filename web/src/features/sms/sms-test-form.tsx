import { saveFailure } from '../../api/save-failure';
import { useAcademyPhone } from '../../shared/academy-phone';
import { Form, FormActions, TextField, trialReport, useFields, useFormOutcome } from '../../ui';
import styles from './sms.module.css';
import { useSendTestSms } from './use-sms';

/** One SMS through the saved gateway to a number typed: what the gateway answered is shown. */
export function SmsTestForm() {
  const send = useSendTestSms();
  const phone = useAcademyPhone();
  const { values, bind } = useFields({ to: '' });
  const outcome = useFormOutcome(() => (values.to.trim() ? null : 'Please enter a phone number.'));
  const handleSend = () =>
    send.mutate(
      values,
      trialReport(outcome, (answer) => answer.delivered, saveFailure),
    );
  return (
    <Form onSend={handleSend} outcome={outcome} aria-label="Send a test SMS">
      <h3 className={styles.subheading}>Send a test SMS</h3>
      <TextField
        label="Phone number"
        hint={phone.hint}
        type="tel"
        autoComplete="tel"
        {...bind('to')}
      />
      <FormActions
        outcome={outcome}
        label="Send a test SMS"
        busy={send.isPending}
        busyLabel="Sending..."
        fill
      />
    </Form>
  );
}
