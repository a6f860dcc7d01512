import { OUTCOME_WORDS, scoreText } from '@academy/contract/results';
import { explainFailure } from '../../api/failure-text';
import { Card, Meta, QueryRows, Tag } from '../../ui';
import { dayOf } from './report-card';
import styles from './results.module.css';
import { useStudentResults } from './use-results';

/**
 * A student's published term results on their page (issue 30), for staff: each term's class,
 * total and outcome, the components' scores, and whether it was changed after publishing.
 */
export function StudentResults({ userId }: { userId: number }) {
  const results = useStudentResults(userId);
  return (
    <Card title="Results">
      <QueryRows
        query={results}
        loading="Loading results..."
        error={explainFailure('The results could not be loaded. Please try again.')}
        empty="No term results published yet."
        rows={(answer) => answer.results}
        label="Term results"
        className={styles.rows}
      >
        {(r) => (
          <>
            <span className={styles.componentName}>
              {r.term.name} · {r.class_name}
              {r.level ? ` · ${r.level}` : ''}
            </span>
            <Meta>
              Total {scoreText(r.total)} · {OUTCOME_WORDS[r.outcome]} · published{' '}
              {dayOf(r.published_at)}
              {r.changed_at !== null && (
                <>
                  {' '}
                  <Tag tone="warning">Changed on {dayOf(r.changed_at)}</Tag>
                </>
              )}
            </Meta>
            <Meta>
              {r.components
                .map((c) => `${c.name} ${c.score === null ? '—' : scoreText(c.score)}`)
                .join(' · ')}
            </Meta>
          </>
        )}
      </QueryRows>
    </Card>
  );
}
