import { useLocation } from 'react-router';
import { explainFailure } from '../../../api/failure-text';
import { useAcademyTimeZone } from '../../../shared/branding';
import { paths } from '../../../shared/paths';
import { useBackToStaffHome } from '../../../shared/staff-home';
import { ActionRow, ButtonLink, Message, QueryItemList, Screen } from '../../../ui';
import { QuizCard } from './quiz-card';
import { useQuizzes } from './use-quizzes';
import { arrivedWith } from './words';

/**
 * /quizzes (issue 51, point 2): the quizzes and placement tests an administrator runs, or a
 * teacher made or sent to their students, newest first as the server lists them; each opens
 * its builder and its students' attempts.
 */
export default function QuizzesScreen() {
  const quizzes = useQuizzes();
  const zone = useAcademyTimeZone();
  // A quiz deleted on its own screen says so here.
  const arrived = arrivedWith(useLocation().state);
  return (
    <Screen
      title="Quizzes"
      subtitle="Quizzes and placement tests from the Question Bank, marked as students answer."
      back={useBackToStaffHome()}
    >
      <ActionRow>
        <ButtonLink to={paths.newQuiz} variant="primary">
          New quiz
        </ButtonLink>
        <ButtonLink to={paths.questionBank}>Question Bank</ButtonLink>
      </ActionRow>
      {arrived && <Message tone="success">{arrived}</Message>}
      <QueryItemList
        query={quizzes}
        loading="Loading the quizzes..."
        error={explainFailure({
          refusalPrefix: 'Error loading the quizzes: ',
          fallback: 'The quizzes could not be loaded. Please try again.',
        })}
        empty="No quizzes yet. Make one from the Question Bank’s items with New quiz."
        items={(data) => data.quizzes}
        label="Quizzes"
      >
        {(quiz) => <QuizCard quiz={quiz} zone={zone} />}
      </QueryItemList>
    </Screen>
  );
}
