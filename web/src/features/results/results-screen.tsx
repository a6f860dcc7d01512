import { explainFailure } from '../../api/failure-text';
import { useFeedbackOpened } from '../../api/waiting-counts';
import { backTo } from '../../shared/paths';
import { QueryView, Screen } from '../../ui';
import { ReportCard } from './report-card';
import styles from './report-card.module.css';
import { ResultPapers } from './result-papers';
import { useOwnResults } from './use-results';

/**
 * /results (issue 30, point 5): the student's published term results, latest term first, a
 * report card a term; kept on the phone for reading offline. Nothing shows until a teacher
 * publishes a class's results.
 */
export default function ResultsScreen() {
  const results = useOwnResults();
  // The home's count of new results goes once the student is here (issue 49).
  useFeedbackOpened('results');
  return (
    <Screen
      title="Results"
      subtitle="Your term results: each part you were marked on, your total and the outcome."
      back={backTo.home}
      width="narrow"
    >
      <QueryView
        query={results}
        loading="Loading results..."
        error={explainFailure({
          network: 'Your results could not be loaded: no connection. Please try again.',
          fallback: 'Your results could not be loaded. Please try again.',
        })}
        isEmpty={(answer) => answer.results.length === 0}
        empty="No results yet. When your teacher publishes a term's results, they appear here."
      >
        {(answer) => (
          <div className={styles.list}>
            {answer.results.map((result) => (
              <ReportCard
                key={result.id}
                result={result}
                downloadButton={
                  <ResultPapers resultId={result.id} pass={result.certificate_code !== null} />
                }
              />
            ))}
          </div>
        )}
      </QueryView>
    </Screen>
  );
}
