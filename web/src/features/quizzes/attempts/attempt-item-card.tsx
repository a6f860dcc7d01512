import type { CallResponse } from '@academy/contract';
import { ITEM_TYPE_WORDS } from '@academy/contract/quizzes/item-rules';
import { responseText } from '@academy/contract/quizzes/marking';
import { AudioPlayer } from '../../../media/audio-player';
import { Facts, ItemCard, Tag } from '../../../ui';
import styles from './attempts.module.css';
import { SpokenMarkForm } from './spoken-mark-form';
import { OUTCOMES, pointsWords, secondsWords } from './words';

type Attempt = CallResponse<'staffQuizAttempt'>['attempt'];
export type AttemptItem = Attempt['items'][number];

/** What the student gave, in words; a spoken answer is played instead. */
function answerWords(item: AttemptItem): string {
  if (item.response === null) return 'No answer';
  if (item.type === 'spoken') return 'A recording (below)';
  return responseText(item.body, item.response) || 'No answer';
}

/**
 * One question of an attempt as staff read it: the prompt, the student's answer, the right
 * answer, how it came out and its points, with the item's feedback. A spoken answer's
 * recording is played here and marked (once the attempt is submitted: an attempt going on may
 * yet change its answer).
 */
export function AttemptItemCard({ attempt, item }: { attempt: Attempt; item: AttemptItem }) {
  const outcome = OUTCOMES[item.outcome];
  const question = `Question ${item.position + 1}`;
  const canMark = item.type === 'spoken' && item.response !== null && attempt.submitted_at !== null;
  return (
    <ItemCard
      title={question}
      meta={
        <p>
          <Tag tone="info">{ITEM_TYPE_WORDS[item.type]}</Tag>{' '}
          <Tag tone={outcome.tone}>{outcome.words}</Tag>
        </p>
      }
      text={item.prompt}
    >
      <Facts
        className={styles.facts}
        facts={[
          ['Answer', answerWords(item)],
          ['Right answer', item.right_answer || '—'],
          ['Points', pointsWords(item)],
          ['Time on it', secondsWords(item.seconds)],
          ...(item.marked_by ? [['Marked by', item.marked_by] as const] : []),
          ...(item.general_feedback ? [['Feedback', item.general_feedback] as const] : []),
        ]}
      />
      {item.recording_url && (
        <AudioPlayer
          src={item.recording_url}
          label={`${attempt.user_name}’s recording for ${question.toLowerCase()}`}
          caption="Student’s recording"
        />
      )}
      {canMark && (
        <SpokenMarkForm
          answer={{ attempt_id: attempt.id, user_id: attempt.user_id, position: item.position }}
          points={item.points}
          hundredths={item.hundredths}
        />
      )}
    </ItemCard>
  );
}
