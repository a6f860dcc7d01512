import type { CallResponse } from '@academy/contract';
import { useParams } from 'react-router';
import { explainFailure } from '../../../api/failure-text';
import { StudentLink } from '../../../components';
import { formatLongDateTime } from '../../../lib/dates';
import { hrefs, paths } from '../../../shared/paths';
import {
  ActionRow,
  ButtonLink,
  type Column,
  ItemCard,
  QueryItemList,
  Screen,
  Table,
} from '../../../ui';
import { useQuizAttempts } from './use-attempts';
import { attemptMarkWords, countedWords, endWords } from './words';

type Answer = CallResponse<'quizAttempts'>;
type Student = Answer['students'][number];
type Attempt = Student['attempts'][number];

/** A student's attempts, one row each; each opens in full. */
function attemptColumns(student: Student): Column<Attempt>[] {
  return [
    { header: 'Attempt', kind: 'short', cell: (a) => a.number },
    { header: 'Started', cell: (a) => formatLongDateTime(a.started_at) },
    { header: 'Ended', cell: endWords },
    { header: 'Mark', cell: attemptMarkWords },
    {
      header: 'Open',
      kind: 'short',
      cell: (a) => (
        <ButtonLink
          size="small"
          to={hrefs.quizAttempt(a.id, student.user_id)}
          aria-label={`Open attempt ${a.number} of ${student.name}`}
        >
          Open
        </ButtonLink>
      ),
    },
  ];
}

/**
 * /quizzes/:id/attempts (issue 51, points 2 and 4): each student's attempts at the quiz (an
 * administrator: everyone's; a teacher: their students'), how each ended and its mark, with
 * the spoken answers still to mark, and the mark that counts by the quiz's rule.
 */
export default function QuizAttemptsScreen() {
  const quizId = Number(useParams().id);
  const attempts = useQuizAttempts(quizId);
  const quiz = attempts.data?.quiz;
  return (
    <Screen
      title="Attempts"
      subtitle={quiz ? `At “${quiz.title}”, marked out of ${quiz.out_of}.` : undefined}
      back={
        Number.isInteger(quizId) && quizId > 0
          ? { to: hrefs.quiz(quizId), label: 'Back to the quiz' }
          : { to: paths.quizzes, label: 'Back to Quizzes' }
      }
    >
      <ActionRow>
        <ButtonLink to={hrefs.quizAnalysis(quizId)}>Item analysis</ButtonLink>
      </ActionRow>
      <QueryItemList
        query={attempts}
        loading="Loading the attempts..."
        error={explainFailure({
          refusalPrefix: 'Error loading the attempts: ',
          fallback: 'The attempts could not be loaded. Please try again.',
        })}
        empty="The quiz has not been sent to any student yet: send it from its page."
        items={(data) => data.students.map((s) => ({ ...s, id: s.user_id }))}
        label="Students’ attempts"
      >
        {(student) => (
          <ItemCard
            title={<StudentLink id={student.user_id}>{student.name}</StudentLink>}
            lines={[
              student.attempts.length === 0
                ? 'Not started yet'
                : `Counts: ${countedWords(student.counted, quiz?.counts ?? 'highest')}`,
            ]}
          >
            {student.attempts.length > 0 && (
              <Table
                label={`Attempts of ${student.name}`}
                columns={attemptColumns(student)}
                rows={student.attempts}
              />
            )}
          </ItemCard>
        )}
      </QueryItemList>
    </Screen>
  );
}
