import { Link } from 'react-router';
import { failureText } from '../../api/failure-text';
import { formatDateAsWritten } from '../../lib/dates';
import { hrefs } from '../../shared/paths';
import { ButtonLink, Card, Meta, QueryView, Tag } from '../../ui';
import { studentCount } from '../classes/student-count';
import styles from './home.module.css';
import { rollsDue, type TodaySession, useTeachingDay } from './use-teaching-day';

/**
 * The dashboard's Today's classes (issue 29): every class's sessions of today by time, each
 * with its roll's state (taken, to take from here, or the session cancelled), and how many
 * rolls are not yet taken.
 */
export function TodaysClasses() {
  const day = useTeachingDay();
  return (
    <Card title="Today's classes" aria-label="Today's classes" className={styles.today}>
      <QueryView
        query={day}
        loading="Loading today's classes..."
        error={(error) =>
          failureText(error, { fallback: "Today's classes could not be loaded. Please try again." })
        }
        isEmpty={(data) => data.sessions.length === 0}
        empty="No classes today."
      >
        {(data) => {
          const due = rollsDue(data.sessions);
          return (
            <>
              <Meta>
                {`${formatDateAsWritten(data.today)}: `}
                {due === 0
                  ? 'no rolls left to take.'
                  : `${due} ${due === 1 ? 'roll' : 'rolls'} not yet taken.`}
              </Meta>
              <ul className={styles.sessions} aria-label="Today's sessions">
                {data.sessions.map((s) => (
                  <SessionRow key={s.id} session={s} />
                ))}
              </ul>
            </>
          );
        }}
      </QueryView>
    </Card>
  );
}

/** One session: its time, its class (opening the class's page) and size, and its roll. */
function SessionRow({ session: s }: { session: TodaySession }) {
  return (
    <li className={styles.session}>
      <span className={styles.sessionTime}>{s.session_time}</span>
      <span className={styles.sessionClass}>
        <Link to={hrefs.classPage(s.class_id)}>{s.class_name}</Link>{' '}
        <span className={styles.sessionSize}>{studentCount(s.students)}</span>
      </span>
      <span className={styles.sessionRoll}>
        {s.cancelled ? (
          <Tag tone="warning">Cancelled</Tag>
        ) : s.roll === 'taken' ? (
          <Tag tone="success">Roll taken</Tag>
        ) : s.roll === 'due' ? (
          <ButtonLink
            size="small"
            variant="primary"
            to={hrefs.roll(s.id)}
            aria-label={`Take the roll of ${s.class_name} at ${s.session_time}`}
          >
            Take the roll
          </ButtonLink>
        ) : null}
      </span>
    </li>
  );
}
