import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateAsWritten } from '../../lib/dates';
import { studentCount } from '../../lib/student-count';
import { hrefs } from '../../shared/paths';
import { ButtonLink, Card, Meta } from '../../ui';
import styles from './teacher-home.module.css';
import type { TeachingDay } from './use-teaching-day';

/**
 * This week's earlier sessions whose roll is still not taken (issue 49, point 4), each taken
 * from here with one tap: a session stays in sight after its day until its roll is taken or
 * it is cancelled. A teacher's of their classes on their home, every class's on the
 * administrator's dashboard; nothing at all while there is none.
 */
export function UntakenRolls({
  day,
  className,
}: {
  day: UseQueryResult<TeachingDay>;
  className?: string;
}) {
  // An answer kept from before the list existed has none.
  const sessions = day.data?.untaken_rolls ?? [];
  if (sessions.length === 0) return null;
  return (
    <Card title="Rolls not taken this week" className={className}>
      <p className={styles.day}>
        {sessions.length === 1
          ? '1 earlier session this week has no roll yet.'
          : `${sessions.length} earlier sessions this week have no roll yet.`}
      </p>
      <ul className={styles.sessions} aria-label="Rolls not taken this week">
        {sessions.map((session) => (
          <li key={session.id} className={styles.session}>
            <div className={styles.sessionText}>
              <h3 className={styles.className}>
                <Link to={hrefs.classPage(session.class_id)}>{session.class_name}</Link>
              </h3>
              <Meta>
                {formatDateAsWritten(session.session_date)} · {session.session_time} ·{' '}
                {studentCount(session.students)}
              </Meta>
            </div>
            <ButtonLink size="small" to={hrefs.roll(session.id)}>
              Take the roll
              <span className="visually-hidden">
                {' '}
                of {session.class_name}, {session.session_date} {session.session_time}
              </span>
            </ButtonLink>
          </li>
        ))}
      </ul>
    </Card>
  );
}
