import { Clock } from 'lucide-react';
import styles from './quizzes.module.css';
import { formatRemaining, remainingWords } from './server-clock';

/**
 * The bar above the questions: the time left on the server's clock and whether the answers
 * are saved. The clock's face is not read out every second; `announcement` (five minutes, one
 * minute, time up) is, politely; so is a save that has to wait for a connection.
 */
export function AttemptStatus({
  left,
  announcement,
  saving,
}: {
  left: number;
  announcement: string;
  saving: 'saved' | 'sending' | 'waiting' | 'none';
}) {
  const isShort = left <= 5 * 60_000;
  return (
    <div className={styles.statusBar}>
      <p className={`${styles.timer} ${isShort ? styles.timerShort : ''}`}>
        <Clock size={18} aria-hidden="true" />
        <span className="visually-hidden">Time left: </span>
        <span role="timer" aria-label={`Time left: ${remainingWords(left)}`}>
          {formatRemaining(left)}
        </span>
      </p>
      <p className={styles.saving}>{SAVING_WORDS[saving]}</p>
      {/* Said once each: the time left at its moments, and a save that has to wait (each
          answer's "Saving…", "Saved" would be said after every tap). */}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <p className="visually-hidden" role="status">
        {saving === 'waiting'
          ? 'No connection: your answers are kept on this phone and sent when you are back online.'
          : ''}
      </p>
    </div>
  );
}

const SAVING_WORDS = {
  none: 'Your answers are saved as you give them.',
  saved: 'Saved',
  sending: 'Saving…',
  waiting: 'Waiting for a connection: your answers are kept on this phone.',
} as const;
