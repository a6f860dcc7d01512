import { ApiError } from '../../api/client';
import { Message } from '../../ui';
import styles from './skills.module.css';

/** A failure: the spec's text for it, and beneath it the server's reason when it refused. */
export interface Failure {
  text: string;
  reason?: string | undefined;
}

/**
 * The server's own reason for refusing (a 4xx with a message, such as 'This exam has not
 * opened yet.'); nothing for network failures and server errors, which have no reason to give.
 */
export function refusalReason(error: unknown): string | undefined {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500)
    return error.serverMessage;
  return undefined;
}

export function FailureMessage({ failure }: { failure: Failure }) {
  return (
    <Message tone="error">
      {failure.text}
      {failure.reason && <span className={styles.reason}>{failure.reason}</span>}
    </Message>
  );
}
