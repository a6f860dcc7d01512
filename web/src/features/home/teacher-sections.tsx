import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useClasses } from '../../api/classes';
import { explainFailure } from '../../api/failure-text';
import { studentCount } from '../../lib/student-count';
import { hrefs, paths } from '../../shared/paths';
import { Card, Meta, QueryCard, QueryRows } from '../../ui';
import styles from './teacher-home.module.css';
import { countWords } from './use-admin-counts';
import type { TeachingDay } from './use-teaching-day';

/**
 * What waits for the teacher's correction: their students' new hand-ins (the inbox corrects
 * them) and spoken answers (the speaking screen answers them).
 */
export function ToCorrect({ day }: { day: UseQueryResult<TeachingDay> }) {
  return (
    <QueryCard
      title="To correct"
      query={day}
      loading="Counting the work waiting..."
      error={explainFailure('The work waiting could not be counted.')}
    >
      {(data) => (
        <ul className={styles.waiting}>
          <li>
            <Link to={paths.inbox}>
              {data.new_submissions === 0
                ? 'No new hand-ins'
                : countWords(data.new_submissions, 'new hand-in', 'new hand-ins')}
            </Link>
          </li>
          <li>
            <Link to={paths.speakingAnswers}>
              {data.waiting_speaking_answers === 0
                ? 'No spoken answers waiting'
                : countWords(
                    data.waiting_speaking_answers,
                    'spoken answer waiting',
                    'spoken answers waiting',
                  )}
            </Link>
          </li>
        </ul>
      )}
    </QueryCard>
  );
}

/** The classes the teacher teaches (those in use), each opening its page. */
export function MyClasses() {
  const classes = useClasses({ q: '', archived: 'no', page: 1 });
  return (
    <Card title="My classes">
      <QueryRows
        query={classes}
        loading="Loading your classes..."
        error={explainFailure('Your classes could not be loaded. Please try again.')}
        empty="You have no classes yet. An administrator gives you your classes."
        rows={(data) => data.classes}
        className={styles.classes}
        after={(data) =>
          data.has_more && (
            <p className={styles.seeAll}>
              <Link to={paths.classes}>See all my classes</Link>
            </p>
          )
        }
      >
        {(c) => (
          <>
            <Link to={hrefs.classPage(c.id)}>{c.name}</Link>
            <Meta>{studentCount(c.student_count)}</Meta>
          </>
        )}
      </QueryRows>
    </Card>
  );
}
