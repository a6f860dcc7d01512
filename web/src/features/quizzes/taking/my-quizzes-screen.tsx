import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { backTo } from '../../../shared/paths';
import { Button, Card, ItemList, Message, QueryView, Screen } from '../../../ui';
import { QuizCard } from './quiz-card';
import styles from './quizzes.module.css';
import {
  type StudentQuiz,
  useMyQuizzes,
  usePractiseMistakes,
  useStartAttempt,
} from './use-quizzes';

const GROUPS = [
  { state: 'open', title: 'Open now' },
  { state: 'upcoming', title: 'Coming up' },
  { state: 'closed', title: 'Done' },
] as const;

const practiseFailure = explainFailure({
  network: NO_CONNECTION,
  fallback: 'The practice could not be started. Please try again.',
});

/**
 * /my-quizzes (issue 51, point 3): the student's quizzes, open first, then those to come and
 * those done, each with its window, time limit, attempts and mark; and, once some answers were
 * wrong, a practice of them (point 6).
 */
export default function MyQuizzesScreen() {
  const quizzes = useMyQuizzes();
  const start = useStartAttempt();
  const practise = usePractiseMistakes();

  return (
    <Screen title="Quizzes" back={backTo.home}>
      <QueryView
        query={quizzes}
        loading="Loading your quizzes..."
        error={explainFailure({
          network: NO_CONNECTION,
          fallback: 'Your quizzes could not be loaded. Please try again.',
        })}
        isEmpty={(answer) => answer.quizzes.length === 0}
        empty="No quizzes yet. When your teacher sends you one, it appears here."
      >
        {(answer) => (
          <div className={styles.page}>
            {answer.mistakes > 0 && (
              <Card title="Practise my mistakes">
                <p>
                  {`${answer.mistakes} ${answer.mistakes === 1 ? 'question' : 'questions'} you answered wrongly can be practised again. Practice is not counted.`}
                </p>
                <Button block disabled={practise.isPending} onClick={() => practise.mutate()}>
                  {practise.isPending ? 'Starting…' : 'Practise my mistakes'}
                </Button>
                {practise.error && (
                  <Message tone="error">{practiseFailure(practise.error)}</Message>
                )}
              </Card>
            )}
            {GROUPS.map(({ state, title }) => {
              const shown = answer.quizzes.filter((q: StudentQuiz) => q.state === state);
              if (shown.length === 0) return null;
              return (
                <section key={state} aria-labelledby={`quizzes-${state}`} className={styles.group}>
                  <h2 id={`quizzes-${state}`} className={styles.groupTitle}>
                    {title}
                  </h2>
                  <ItemList>
                    {shown.map((quiz) => (
                      <QuizCard key={quiz.id} quiz={quiz} start={start} />
                    ))}
                  </ItemList>
                </section>
              );
            })}
          </div>
        )}
      </QueryView>
    </Screen>
  );
}
