import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { explainFailure } from '../../api/failure-text';
import { formatDateAsWritten, formatInstant } from '../../lib/dates';
import { studentCount } from '../../lib/student-count';
import { hrefs } from '../../shared/paths';
import { ButtonLink, Card, Meta, QueryRows, Tag } from '../../ui';
import styles from './teacher-home.module.css';
import {
  rollsDue,
  rollsToTakeFirst,
  type TeachingDay,
  type TodaySession,
} from './use-teaching-day';

/** The day, and how many of its rolls are not yet taken. */
function dayLine({ today, sessions }: TeachingDay): string {
  const due = rollsDue(sessions);
  const rolls =
    sessions.length === 0
      ? ''
      : due === 0
        ? ': no rolls left to take.'
        : `: ${due} ${due === 1 ? 'roll' : 'rolls'} not yet taken.`;
  return `${formatDateAsWritten(today)}${rolls}`;
}

/**
 * Today's sessions, the rolls still to take first, each taken from here with one tap
 * (/roll/:id), or saying it is taken (and can be changed) or cancelled: a teacher's of their
 * classes on their home ("Today"), every class's on the administrator's dashboard ("Today's
 * classes"). Offline, what was loaded last says when it was loaded.
 */
export function TodaySessions({
  day,
  title,
  className,
}: {
  day: UseQueryResult<TeachingDay>;
  title: string;
  className?: string;
}) {
  return (
    <Card title={title} className={className}>
      {day.data && <p className={styles.day}>{dayLine(day.data)}</p>}
      {day.data && day.isPaused && (
        <Meta>
          Loaded {formatInstant(day.dataUpdatedAt)}. Today's classes are loaded again when you are
          back online.
        </Meta>
      )}
      <QueryRows
        query={day}
        loading="Loading today's classes..."
        error={explainFailure("Today's classes could not be loaded. Please try again.")}
        empty="No classes today."
        rows={(data) => rollsToTakeFirst(data.sessions)}
        label="Today's sessions"
        className={styles.sessions}
        rowClassName={styles.session}
      >
        {(session) => (
          <>
            <div className={styles.sessionText}>
              <h3 className={styles.className}>
                <Link to={hrefs.classPage(session.class_id)}>{session.class_name}</Link>
              </h3>
              <Meta>
                {session.session_time} · {studentCount(session.students)}
              </Meta>
            </div>
            <RollState session={session} />
          </>
        )}
      </QueryRows>
    </Card>
  );
}

/** What a session's roll needs: taking, or nothing more (taken, which can still be changed, or cancelled). */
function RollState({ session }: { session: TodaySession }) {
  // The links name their session for screen readers: the day may hold several.
  const which = (
    <span className="visually-hidden">
      {' '}
      of {session.class_name}, {session.session_time}
    </span>
  );
  if (session.cancelled) return <Tag tone="warning">Cancelled</Tag>;
  if (session.roll === 'taken')
    return (
      <div className={styles.rollState}>
        <Tag tone="success">Roll taken</Tag>
        <ButtonLink size="small" variant="secondary" to={hrefs.roll(session.id)}>
          Change the roll{which}
        </ButtonLink>
      </div>
    );
  if (session.roll === 'due')
    return (
      <ButtonLink size="small" to={hrefs.roll(session.id)}>
        Take the roll{which}
      </ButtonLink>
    );
  return null;
}
