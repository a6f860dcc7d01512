import { markText } from '@academy/contract/marks';
import { Navigate, useLocation, useParams } from 'react-router';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { formatDue, formatLongDateTime } from '../../../lib/dates';
import { useAcademyTimeZone } from '../../../shared/branding';
import { paths } from '../../../shared/paths';
import { Card, Message, QueryView, Screen } from '../../../ui';
import styles from './quizzes.module.css';
import { ReviewItemCard } from './review-item';
import type { ReviewNotice } from './use-attempt';
import { type QuizReview, useQuizReview } from './use-quizzes';

/** /my-quizzes/review/:id: a closed attempt; an id that is not a number goes to the list. */
export default function ReviewScreen() {
  const id = useParams().id ?? '';
  if (!/^\d+$/.test(id)) return <Navigate to={paths.myQuizzes} replace />;
  return <ReviewPage key={id} attemptId={Number(id)} />;
}

function ReviewPage({ attemptId }: { attemptId: number }) {
  const review = useQuizReview(attemptId);
  // Opened from an attempt that just closed: how it closed ("Your answers were submitted.").
  const notice = (useLocation().state as ReviewNotice | null)?.notice;
  const data = review.data?.review;
  return (
    <Screen
      title={data?.title ?? 'Review'}
      subtitle={data ? `Attempt ${data.number}, ${closedWords(data)}` : undefined}
      back={{ to: paths.myQuizzes, label: 'Back to Quizzes' }}
      width="narrow"
    >
      {notice && <Message tone="info">{notice}</Message>}
      <QueryView
        query={review}
        loading="Loading the review..."
        error={explainFailure({
          network: NO_CONNECTION,
          fallback: 'The review could not be loaded. Please try again.',
        })}
      >
        {(answer) => <ReviewBody review={answer.review} />}
      </QueryView>
    </Screen>
  );
}

const closedWords = (review: QuizReview) =>
  `${review.closed_by === 'time' ? 'closed when time was up' : 'submitted'} ${formatLongDateTime(review.submitted_at)}`;

/** The mark, what may be seen of each question, and when more will be shown. */
function ReviewBody({ review }: { review: QuizReview }) {
  const zone = useAcademyTimeZone();
  const { shows } = review;
  const showsAnything = shows.score || shows.answers || shows.right_answers || shows.feedback;
  return (
    <div className={styles.page}>
      {shows.score && (
        <Card title="Your mark">
          <p className={styles.mark}>
            {review.mark
              ? markText(review.mark)
              : 'Awaiting a mark: your teacher marks your spoken answers.'}
          </p>
        </Card>
      )}
      {review.more_at && (
        <Message tone="info">
          {`Your answers are saved. The review opens when the quiz closes, on ${formatDue(review.more_at, zone)}.`}
        </Message>
      )}
      {!showsAnything && !review.more_at && (
        <Message tone="info">
          Your answers are saved. Your teacher has chosen not to show a review of this quiz.
        </Message>
      )}
      {(shows.answers || shows.right_answers || shows.feedback || shows.score) &&
        review.items.map((item, i) => (
          <ReviewItemCard
            key={item.position}
            item={item}
            number={i + 1}
            attemptId={review.attempt_id}
          />
        ))}
    </div>
  );
}
