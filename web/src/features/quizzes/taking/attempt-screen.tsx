import { Navigate, useParams } from 'react-router';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { paths } from '../../../shared/paths';
import { QueryView, Screen } from '../../../ui';
import { Taking } from './taking';
import { useAttempt } from './use-attempt';

/** /my-quizzes/attempts/:id: an attempt going on; an id that is not a number goes to the list. */
export default function AttemptScreen() {
  const id = useParams().id ?? '';
  if (!/^\d+$/.test(id)) return <Navigate to={paths.myQuizzes} replace />;
  return <AttemptPage key={id} attemptId={Number(id)} />;
}

function AttemptPage({ attemptId }: { attemptId: number }) {
  const attempt = useAttempt(attemptId);
  const data = attempt.data?.attempt;
  return (
    <Screen
      title={data?.title ?? 'Quiz'}
      subtitle={data ? `Attempt ${data.number}` : undefined}
      back={{ to: paths.myQuizzes, label: 'Back to Quizzes' }}
      width="narrow"
    >
      <QueryView
        query={attempt}
        loading="Loading the quiz..."
        error={explainFailure({
          network: NO_CONNECTION,
          fallback: 'The quiz could not be loaded. Please try again.',
        })}
      >
        {(answer) => (
          // The clock offset is taken from when this answer arrived (dataUpdatedAt).
          <Taking attempt={answer.attempt} receivedAt={attempt.dataUpdatedAt} />
        )}
      </QueryView>
    </Screen>
  );
}
