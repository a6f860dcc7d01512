import type { QuizAnalysis } from '@academy/contract';
import { ANALYSIS_THRESHOLDS } from '@academy/contract/quizzes/analysis';
import { Navigate, useParams } from 'react-router';
import { explainFailure } from '../../../api/failure-text';
import { useRole } from '../../../api/role';
import { hrefs, paths } from '../../../shared/paths';
import { Card, EmptyState, Facts, Message, QueryView, Screen, Stack } from '../../../ui';
import styles from './analysis.module.css';
import { AnalysisFiles } from './analysis-files';
import { ItemTable } from './item-table';
import { MarksChart } from './marks-chart';
import { useQuizAnalysis } from './use-analysis';
import { attemptsWords, percentWords } from './words';

/**
 * /quizzes/:id/analysis (issue 51, point 7): how a quiz's items did, for the staff who sent
 * it: the marks at a glance and their spread, each item's figures with what to check, and the
 * same as a spreadsheet. A teacher's figures are their own students' alone (the server's).
 */
export default function QuizAnalysisScreen() {
  const id = useParams().id ?? '';
  if (!/^\d+$/.test(id)) return <Navigate to={paths.quizzes} replace />;
  return <Analysis key={id} quizId={Number(id)} />;
}

function Analysis({ quizId }: { quizId: number }) {
  const analysis = useQuizAnalysis(quizId);
  const isTeacher = useRole() === 'teacher';
  return (
    <Screen
      width="wide"
      title="Item analysis"
      subtitle={analysis.data ? `Of “${analysis.data.quiz.title}”.` : undefined}
      back={{ to: hrefs.quiz(quizId), label: 'Back to the quiz' }}
    >
      <QueryView
        query={analysis}
        loading="Loading the analysis..."
        error={explainFailure({
          refusalPrefix: 'Error loading the analysis: ',
          fallback: 'The analysis could not be loaded. Please try again.',
        })}
        isEmpty={(data) => data.marks.count === 0}
        empty={(data) => (
          <Stack>
            <EmptyState>No attempts to analyse yet.</EmptyState>
            <Awaiting count={data.marks.awaiting_marks} />
          </Stack>
        )}
      >
        {(data) => (
          <Stack>
            <Card title="Marks">
              <Stack>
                <p className={styles.muted}>
                  {isTeacher
                    ? 'From your students’ first submitted attempts: a second attempt, made after seeing the answers, is left out.'
                    : 'From each student’s first submitted attempt: a second attempt, made after seeing the answers, is left out.'}
                </p>
                <Facts facts={figures(data)} className={styles.figures} />
                <Awaiting count={data.marks.awaiting_marks} />
                <MarksChart marks={data.marks} />
              </Stack>
            </Card>
            <Card title="Items">
              <Stack>
                <p className={styles.muted}>
                  Right: the share of students who got the item right (half marks count as half).
                  Separation (the discrimination index): how much better the top third by mark did
                  on it than the bottom third, from −1 to 1; it needs{' '}
                  {ANALYSIS_THRESHOLDS.minForDiscrimination} attempts, and items are checked from{' '}
                  {ANALYSIS_THRESHOLDS.minForFlags}.
                </p>
                <ItemTable items={data.items} />
              </Stack>
            </Card>
            <Card title="Spreadsheets">
              <AnalysisFiles quizId={quizId} />
            </Card>
          </Stack>
        )}
      </QueryView>
    </Screen>
  );
}

const figures = ({ marks, items }: QuizAnalysis) =>
  [
    ['Attempts', marks.count],
    ['Mean mark', marks.mean === null ? 'None' : percentWords(marks.mean)],
    ['Median mark', marks.median === null ? 'None' : percentWords(marks.median)],
    ['Items to check', items.filter((item) => item.dubious.length > 0).length],
  ] as const;

/** Attempts left out until a spoken answer in them is marked, said where there are any. */
function Awaiting({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Message tone="info">
      {`${attemptsWords(count)} ${count === 1 ? 'waits' : 'wait'} for a teacher to mark a spoken answer: ${count === 1 ? 'it counts' : 'they count'} once marked.`}
    </Message>
  );
}
