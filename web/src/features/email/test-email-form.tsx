import { explainFailure } from '../../api/failure-text';
import {
  Form,
  FormMessage,
  SubmitButton,
  TextField,
  trialReport,
  useFields,
  useFormOutcome,
} from '../../ui';
import styles from './email.module.css';
import { useSendTestEmail } from './use-email-settings';

/** "Send a test e-mail" to an address typed here, at once; says what the SMTP server answered. */
export function TestEmailForm() {
  const send = useSendTestEmail();
  const { values, bind } = useFields({ to: '' });
  const outcome = useFormOutcome(() =>
    /^[^\s@]+@[^\s@]+$/.test(values.to.trim())
      ? null
      : 'Please enter the address to send the test e-mail to.',
  );
  const handleSend = () =>
    send.mutate(
      values.to.trim(),
      trialReport(
        outcome,
        (answer) => answer.sent,
        explainFailure('The test e-mail could not be sent.'),
      ),
    );
  return (
    <Form onSend={handleSend} outcome={outcome} className={styles.test}>
      <TextField
        label="Send a test e-mail to"
        type="email"
        autoComplete="email"
        maxLength={200}
        {...bind('to')}
      />
      <FormMessage outcome={outcome} />
      <SubmitButton busy={send.isPending} busyLabel="Sending...">
        Send a test e-mail
      </SubmitButton>
    </Form>
  );
}
