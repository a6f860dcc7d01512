import { useLocation, useNavigate, useParams } from 'react-router';
import { explainFailure } from '../../../api/failure-text';
import { hrefs, paths } from '../../../shared/paths';
import { ActionRow, ButtonLink, Loading, Message, QueryView, Screen } from '../../../ui';
import { DeleteQuiz } from './delete-quiz';
import { blankDraft, draftOf } from './quiz-draft';
import { QuizForm } from './quiz-form';
import { SendPanel } from './send-panel';
import { useAcademyClock, useQuiz } from './use-quizzes';
import { arrivedWith, reachWords } from './words';

const BACK = { to: paths.quizzes, label: 'Back to Quizzes' };

/**
 * /quizzes/new and /quizzes/:id (issue 51, points 2 and 9): a quiz made, or one opened with
 * its settings and parts, sent to students and deleted; its attempts and item analysis are a
 * link away.
 */
export default function QuizBuilderScreen() {
  const { id } = useParams();
  const quizId = id === undefined ? undefined : Number(id);
  if (quizId === undefined || !Number.isInteger(quizId) || quizId < 1) return <NewQuizScreen />;
  return <EditQuizScreen key={quizId} quizId={quizId} />;
}

function NewQuizScreen() {
  const navigate = useNavigate();
  const { zone, known } = useAcademyClock();
  return (
    <Screen
      title="New quiz"
      subtitle="Items from the Question Bank and random draws, marked as students answer."
      back={BACK}
    >
      {known ? (
        <QuizForm
          initial={blankDraft(zone)}
          zone={zone}
          onCreated={({ id, message }) =>
            navigate(hrefs.quiz(id), { replace: true, state: { message } })
          }
        />
      ) : (
        <Loading />
      )}
    </Screen>
  );
}

function EditQuizScreen({ quizId }: { quizId: number }) {
  const quiz = useQuiz(quizId);
  const { zone, known } = useAcademyClock();
  const arrived = arrivedWith(useLocation().state);
  return (
    <Screen title={quiz.data?.quiz.title ?? 'Quiz'} back={BACK}>
      <QueryView
        // Loading until the academy's clock is known too: the window is shown on it.
        query={known ? quiz : { ...quiz, data: undefined, status: 'pending' }}
        loading="Loading the quiz..."
        error={explainFailure({
          refusalPrefix: 'Error loading the quiz: ',
          fallback: 'The quiz could not be loaded. Please try again.',
        })}
      >
        {({ quiz: found }) => (
          <>
            {arrived && <Message tone="success">{arrived}</Message>}
            <p>{reachWords(found)}</p>
            <ActionRow>
              <ButtonLink to={hrefs.quizAttempts(found.id)}>Attempts</ButtonLink>
              <ButtonLink to={hrefs.quizAnalysis(found.id)}>Item analysis</ButtonLink>
            </ActionRow>
            {!found.can_edit && (
              <Message tone="info">
                Another teacher made this quiz: only they or an administrator can change, send or
                delete it.
              </Message>
            )}
            <QuizForm
              initial={draftOf(found, zone)}
              quizId={found.id}
              locked={found.parts_locked}
              readOnly={!found.can_edit}
              zone={zone}
              onCreated={() => undefined}
            />
            {found.can_edit && <SendPanel quizId={found.id} sentTo={found.recipients} />}
            {found.can_edit && <DeleteQuiz quiz={found} />}
          </>
        )}
      </QueryView>
    </Screen>
  );
}
