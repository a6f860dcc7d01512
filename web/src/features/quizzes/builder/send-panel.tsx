import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { RecipientsPicker, recipientsProblem, useRecipients } from '../../../components';
import { FormCard, FormMessage, SubmitButton, useFormOutcome } from '../../../ui';
import styles from './builder.module.css';
import { useSendQuiz } from './use-quizzes';

const sendFailure = explainFailure({
  network: NO_CONNECTION,
  refusalPrefix: 'The quiz was not sent: ',
  fallback: 'The quiz could not be sent. Please try again.',
});

/**
 * Sends the quiz to one student, several or a class (a teacher: their own students), like any
 * work. Sending again adds students; those who had it keep it and their attempts. The server's
 * answer counts whom it reached.
 */
export function SendPanel({ quizId, sentTo }: { quizId: number; sentTo: string }) {
  const send = useSendQuiz();
  const recipients = useRecipients();
  const problem = recipientsProblem(recipients.picker.value, 'Please select a student.');
  const outcome = useFormOutcome(() => problem);
  return (
    <FormCard
      title="Send"
      onSend={() =>
        send.mutate({ quiz_id: quizId, ...recipients.payload }, outcome.reports(sendFailure))
      }
      outcome={outcome}
    >
      <p className={styles.muted}>
        {sentTo
          ? `Sent to ${sentTo}. Sending again adds students; those who have it keep their attempts.`
          : 'Not sent yet. Students see it in their Quizzes while it is open, and are told.'}
      </p>
      <RecipientsPicker {...recipients.picker} studentLabel="Student" />
      <FormMessage outcome={outcome} />
      <SubmitButton busy={send.isPending} busyLabel="Sending...">
        Send the quiz
      </SubmitButton>
    </FormCard>
  );
}
