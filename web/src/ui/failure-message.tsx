import styles from './failure-message.module.css';
import { Message } from './status';

/** A failure: the spec's text for it, and beneath it the server's reason when it refused. */
export interface Failure {
  text: string;
  reason?: string | undefined;
}

export function FailureMessage({ failure }: { failure: Failure }) {
  return (
    <Message tone="error">
      {failure.text}
      {failure.reason && <span className={styles.reason}>{failure.reason}</span>}
    </Message>
  );
}
