import { markText } from '@academy/contract/marks';
import { useOwnQuizzes } from '../../api/own-quizzes';
import { formatLongDate } from '../../lib/dates';
import { hrefs } from '../../shared/paths';
import { ButtonLink, ItemCard, ItemList, Message, Meta } from '../../ui';
import styles from './corrections.module.css';

/**
 * The student's quiz marks under their corrections (issue 51, point 4): each quiz whose review
 * shows the score, with the mark that counts by the quiz's rule and a way to its latest
 * review. Practice quizzes are the student's own and carry no mark. Shown once there is one; a
 * failure to load them says so without hiding the corrections.
 */
export function QuizMarks() {
  const quizzes = useOwnQuizzes();
  if (quizzes.isError && !quizzes.data)
    return <Message tone="error">Failed to load your quiz marks.</Message>;
  const marked = (quizzes.data?.quizzes ?? []).filter(
    (q) => q.kind !== 'practice' && q.counted != null,
  );
  if (marked.length === 0) return null;
  return (
    <section aria-labelledby="quiz-marks" className={styles.replies}>
      <h2 id="quiz-marks" className={styles.repliesTitle}>
        Quiz marks
      </h2>
      <ItemList label="Quiz marks">
        {marked.map((quiz) => {
          const last = quiz.attempts.filter((a) => a.submitted_at !== null).at(-1);
          return (
            <ItemCard
              key={quiz.id}
              title={quiz.title}
              lines={[
                quiz.counted && (
                  <>
                    <strong>Mark:</strong> {markText(quiz.counted)}
                  </>
                ),
              ]}
              meta={
                last?.submitted_at ? (
                  <Meta>
                    <strong>Finished:</strong> {formatLongDate(last.submitted_at)}
                  </Meta>
                ) : undefined
              }
            >
              {last && (
                <ButtonLink
                  to={hrefs.quizReview(last.id)}
                  variant="secondary"
                  size="small"
                  aria-label={`See your answers to ${quiz.title}`}
                >
                  See your answers
                </ButtonLink>
              )}
            </ItemCard>
          );
        })}
      </ItemList>
    </section>
  );
}
