import { markText } from '@academy/contract/marks';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { formatDue, formatLongDateTime } from '../../../lib/dates';
import { useAcademyTimeZone } from '../../../shared/branding';
import { hrefs } from '../../../shared/paths';
import { Button, ButtonLink, ItemCard, Message, Meta, Tag } from '../../../ui';
import styles from './quizzes.module.css';
import type { StudentQuiz } from './use-quizzes';

const startFailure = explainFailure({
  network: NO_CONNECTION,
  fallback: 'The quiz could not be started. Please try again.',
});

const minutes = (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'}`;

/** How many attempts are used and how many are left, in words. */
function attemptsWords(quiz: StudentQuiz): string {
  if (quiz.attempts_left === null)
    return `Attempts: ${quiz.attempts_used} used, as many as you like`;
  return `Attempts: ${quiz.attempts_used} of ${quiz.attempts_allowed} used, ${quiz.attempts_left} left`;
}

/**
 * One of the student's quizzes: its window on the academy's clock, its time limit, the
 * attempts used and left, the mark that counts once the review shows it, a way to start or go
 * on, and each closed attempt's review.
 */
export function QuizCard({
  quiz,
  start,
}: {
  quiz: StudentQuiz;
  start: {
    mutate: (quizId: number) => void;
    isPending: boolean;
    variables?: number;
    error: Error | null;
  };
}) {
  const zone = useAcademyTimeZone();
  const window =
    quiz.state === 'upcoming'
      ? `Opens ${formatDue(quiz.access_start, zone)}`
      : quiz.state === 'open'
        ? `Open until ${formatDue(quiz.access_end, zone)}`
        : `Closed ${formatDue(quiz.access_end, zone)}`;
  const canStart =
    quiz.state === 'open' && (quiz.open_attempt_id !== null || quiz.attempts_left !== 0);
  const isThis = start.variables === quiz.id;
  const closed = quiz.attempts.filter((a) => a.submitted_at !== null);

  return (
    <ItemCard
      title={quiz.title}
      lines={[
        window,
        quiz.time_limit_minutes === null
          ? 'No time limit'
          : `Time limit: ${minutes(quiz.time_limit_minutes)}`,
        attemptsWords(quiz),
        quiz.counted && `Mark: ${markText(quiz.counted)}`,
      ]}
      meta={quiz.kind === 'practice' ? <Tag tone="info">Practice, not counted</Tag> : undefined}
      text={quiz.description || undefined}
    >
      {canStart &&
        (quiz.open_attempt_id !== null ? (
          <ButtonLink variant="primary" block to={hrefs.quizTaking(quiz.open_attempt_id)}>
            Continue
          </ButtonLink>
        ) : (
          <Button block disabled={start.isPending} onClick={() => start.mutate(quiz.id)}>
            {start.isPending && isThis
              ? 'Starting…'
              : quiz.attempts_used > 0
                ? 'Start again'
                : 'Start'}
          </Button>
        ))}
      {quiz.state === 'open' && !canStart && <Meta>You have used all your attempts.</Meta>}
      {isThis && start.error && <Message tone="error">{startFailure(start.error)}</Message>}
      {closed.length > 0 && (
        <ul className={styles.attempts} aria-label={`Your attempts at ${quiz.title}`}>
          {closed.map((a) => (
            <li key={a.id} className={styles.attemptRow}>
              <span>
                {`Attempt ${a.number}, ${a.closed_by === 'time' ? 'closed when time was up' : 'submitted'} ${formatLongDateTime(a.submitted_at)}`}
                {a.mark !== undefined && (a.mark ? `: ${markText(a.mark)}` : ': awaiting a mark')}
              </span>
              <ButtonLink size="small" to={hrefs.quizReview(a.id)}>
                <span aria-hidden="true">Review</span>
                <span className="visually-hidden">{`Review attempt ${a.number}`}</span>
              </ButtonLink>
            </li>
          ))}
        </ul>
      )}
    </ItemCard>
  );
}
