import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { Button, Card, Message } from '../../../ui';
import styles from './quizzes.module.css';

const submitFailure = explainFailure({
  network: `${NO_CONNECTION} Your answers are kept on this phone.`,
  fallback: 'Your answers could not be submitted. Please try again.',
});

/**
 * Before submitting: which questions are answered and which are not, each a way back to it;
 * submitting waits until every answer has reached the server (an answer still on the phone
 * would be left out of the mark).
 */
export function SubmitSummary({
  answered,
  waiting,
  isOffline,
  submit,
  onGo,
  onBack,
}: {
  answered: boolean[];
  waiting: number;
  isOffline: boolean;
  submit: { mutate: () => void; isPending: boolean; error: Error | null };
  onGo: (index: number) => void;
  onBack: () => void;
}) {
  const unanswered = answered.filter((a) => !a).length;
  return (
    <Card title="Check and submit">
      <p>
        {unanswered === 0
          ? `You have answered all ${answered.length} questions.`
          : `You have answered ${answered.length - unanswered} of ${answered.length} questions. ${unanswered} ${unanswered === 1 ? 'is' : 'are'} not answered yet.`}
      </p>
      <ul className={styles.summary} aria-label="Your answers">
        {answered.map((isAnswered, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the questions' numbers are their keys.
          <li key={i} className={styles.summaryRow}>
            <span>{`Question ${i + 1}: ${isAnswered ? 'answered' : 'not answered'}`}</span>
            <Button variant="ghost" size="small" onClick={() => onGo(i)}>
              <span aria-hidden="true">Go to it</span>
              <span className="visually-hidden">{`Go to question ${i + 1}`}</span>
            </Button>
          </li>
        ))}
      </ul>
      {waiting > 0 && (
        <Message tone="info">
          {isOffline
            ? 'Waiting for a connection: some answers are still on this phone. You can submit once they are sent.'
            : 'Sending your last answers…'}
        </Message>
      )}
      {submit.error && <Message tone="error">{submitFailure(submit.error)}</Message>}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onBack}>
          Back to the questions
        </Button>
        <Button disabled={waiting > 0 || submit.isPending} onClick={() => submit.mutate()}>
          {submit.isPending ? 'Submitting…' : 'Submit my answers'}
        </Button>
      </div>
    </Card>
  );
}
