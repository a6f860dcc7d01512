import { formatPoints } from '@academy/contract/marks';
import { responseText } from '@academy/contract/quizzes/marking';
import { Card, Meta, Tag } from '../../../ui';
import { MistakeCards } from './mistake-cards';
import styles from './quizzes.module.css';
import type { ReviewItem } from './use-quizzes';

const OUTCOMES = {
  right: { text: 'Right', tone: 'success' },
  partial: { text: 'Partly right', tone: 'warning' },
  wrong: { text: 'Wrong', tone: 'danger' },
  unanswered: { text: 'Not answered', tone: 'danger' },
  awaiting: { text: 'Awaiting a mark', tone: 'info' },
} as const;

/** What the student gave, in words; a spoken answer is a recording, said as such. */
function givenText(item: ReviewItem): string {
  if (!item.response) return 'Not answered';
  if (item.response.type === 'spoken') return 'Your recording';
  return responseText(item.body, item.response) || 'Not answered';
}

/**
 * One question of the review, with only what the review shows (the server leaves out the
 * rest): the points and whether it was right with the score, the student's answer with the
 * answers, the right answer with the right answers, and the feedback with the feedback.
 */
export function ReviewItemCard({
  item,
  number,
  attemptId,
}: {
  item: ReviewItem;
  number: number;
  attemptId: number;
}) {
  const outcome = item.outcome ? OUTCOMES[item.outcome] : null;
  return (
    <Card aria-label={`Question ${number}`}>
      <div className={styles.reviewHead}>
        <h2 className={styles.questionNumber}>{`Question ${number}`}</h2>
        {outcome && <Tag tone={outcome.tone}>{outcome.text}</Tag>}
      </div>
      <p className={styles.prompt}>{item.prompt}</p>
      {item.hundredths !== undefined && (
        <Meta>
          {item.hundredths === null
            ? `Awaiting a mark, out of ${item.points}`
            : `${formatPoints(item.hundredths)} of ${item.points} ${item.points === 1 ? 'point' : 'points'}`}
        </Meta>
      )}
      <dl className={styles.answers}>
        {item.response !== undefined && (
          <div>
            <dt>Your answer</dt>
            <dd>{givenText(item)}</dd>
          </div>
        )}
        {item.right_answer !== undefined && (
          <div>
            <dt>{item.type === 'spoken' ? 'A model answer' : 'Right answer'}</dt>
            <dd>{item.right_answer || '—'}</dd>
          </div>
        )}
      </dl>
      {item.feedback && item.feedback.length > 0 && (
        <div className={styles.feedback}>
          <h3 className={styles.feedbackTitle}>Feedback</h3>
          {item.feedback.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      )}
      {item.cards && item.cards.length > 0 && (
        <MistakeCards cards={item.cards} position={item.position} attemptId={attemptId} />
      )}
    </Card>
  );
}
