import { useParams, useSearchParams } from 'react-router';
import { explainFailure } from '../../../api/failure-text';
import { formatLongDateTime } from '../../../lib/dates';
import { hrefs, linkParams, paths } from '../../../shared/paths';
import { Card, Facts, ItemList, Message, QueryView, Screen } from '../../../ui';
import { AttemptItemCard } from './attempt-item-card';
import styles from './attempts.module.css';
import { useStaffAttempt } from './use-attempts';
import { attemptMarkWords, endWords } from './words';

/** An id from the address, or null when it is not one. */
const idOf = (text: string | null | undefined) =>
  text && /^\d{1,10}$/.test(text) && Number(text) > 0 ? Number(text) : null;

/**
 * /quiz-attempts/:id?user_id= (issue 51, point 4): one attempt in full for staff, its student
 * named in the address (the server checks a teacher reaches them): each question with the
 * answer given, the right answer, the outcome and points; spoken answers played and marked
 * here, the attempt's mark following.
 */
export default function AttemptScreen() {
  const attemptId = idOf(useParams().id);
  const userId = idOf(useSearchParams()[0].get(linkParams.userId));
  if (attemptId === null || userId === null)
    return (
      <Screen title="Attempt" back={{ to: paths.quizzes, label: 'Back to Quizzes' }}>
        <Message tone="error">This link does not name an attempt and its student.</Message>
      </Screen>
    );
  return <AttemptView key={attemptId} attemptId={attemptId} userId={userId} />;
}

function AttemptView({ attemptId, userId }: { attemptId: number; userId: number }) {
  const attempt = useStaffAttempt(attemptId, userId);
  const found = attempt.data?.attempt;
  return (
    <Screen
      title={found ? `${found.user_name}, attempt ${found.number}` : 'Attempt'}
      subtitle={found ? `At “${found.quiz_title}”` : undefined}
      back={
        found
          ? { to: hrefs.quizAttempts(found.quiz_id), label: 'Back to the attempts' }
          : { to: paths.quizzes, label: 'Back to Quizzes' }
      }
    >
      <QueryView
        query={attempt}
        loading="Loading the attempt..."
        error={explainFailure({
          refusalPrefix: 'Error loading the attempt: ',
          fallback: 'The attempt could not be loaded. Please try again.',
        })}
      >
        {({ attempt: shown }) => (
          <>
            <Card title="Mark">
              <Facts
                className={styles.facts}
                facts={[
                  ['Mark', attemptMarkWords(shown)],
                  ['Started', formatLongDateTime(shown.started_at)],
                  ['Ended', endWords(shown)],
                ]}
              />
            </Card>
            <ItemList label="Questions of the attempt">
              {shown.items.map((item) => (
                <AttemptItemCard key={item.position} attempt={shown} item={item} />
              ))}
            </ItemList>
          </>
        )}
      </QueryView>
    </Screen>
  );
}
