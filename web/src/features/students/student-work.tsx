import { Link } from 'react-router';
import { WorkLines } from '../../components/work-state';
import { formatLongDate } from '../../lib/dates';
import { paths } from '../../shared/paths';
import { EmptyState, Meta, Tag } from '../../ui';
import { Section, shownOf } from './student-section';
import styles from './students.module.css';
import type { StudentOverview } from './use-student-overview';

type Overview = StudentOverview;

/** The assignments sent to the student: read or not, and their work's state. */
export function Assignments({ assignments }: { assignments: Overview['assignments'] }) {
  return (
    <Section
      title="Assignments"
      seeAll={{ to: paths.viewAssignments, label: 'See all assignments' }}
      count={assignments.total}
      summary={
        `${assignments.total - assignments.unread} of ${assignments.total} read.` +
        shownOf(assignments.latest.length, assignments.total)
      }
      empty="No assignments sent."
    >
      <ul className={styles.rows} aria-label="Assignments">
        {assignments.latest.map((a) => (
          <li key={a.id}>
            <span className={styles.rowTitle}>{a.title}</span>
            <Meta>
              Sent {formatLongDate(a.created_at)} ·{' '}
              {a.is_read === 1 && a.read_at
                ? `Read on ${formatLongDate(a.read_at)}`
                : 'Not read yet'}
            </Meta>
            {/* Due, overdue, handed in or late, with the dates, as Sent Items says it. */}
            <WorkLines assignment={a} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** What the student handed in, whether it is corrected, and the corrections sent to them. */
export function Submissions({ overview }: { overview: Overview }) {
  const { submissions, corrections } = overview;
  return (
    <Section
      title="Submissions and corrections"
      seeAll={{ to: paths.inbox, label: 'See the inbox' }}
      count={submissions.total + corrections.total}
      summary={
        `${submissions.total} submitted, ${corrections.total} corrections sent.` +
        shownOf(submissions.latest.length, submissions.total)
      }
    >
      {submissions.total === 0 ? (
        <EmptyState>No submissions yet.</EmptyState>
      ) : (
        <ul className={styles.rows} aria-label="Submissions">
          {submissions.latest.map((s) => (
            <li key={s.id}>
              <span className={styles.rowTitle}>{s.subject}</span>
              <Meta>
                Submitted {formatLongDate(s.created_at)} · {s.files_count}{' '}
                {s.files_count === 1 ? 'file' : 'files'}
              </Meta>
              {/* New or Corrected as the inbox says it (the server's rule), with what answered it. */}
              <Meta>
                {s.state === 'new' ? (
                  <>
                    <Tag tone="info">New</Tag> Waiting for a correction
                  </>
                ) : (
                  <>
                    {/* The title often begins 'Corrected:' itself: quoted, never 'by Corrected:'. */}
                    <Tag tone="success">Corrected</Tag>
                    {s.correction_title && (
                      <>
                        {' '}
                        <span className="visually-hidden">by the correction </span>“
                        {s.correction_title}”
                      </>
                    )}
                  </>
                )}
              </Meta>
            </li>
          ))}
        </ul>
      )}
      {corrections.total > 0 && (
        <>
          <h3 className={styles.subheading}>Corrections sent</h3>
          <ul className={styles.rows} aria-label="Corrections sent">
            {corrections.latest.map((c) => (
              <li key={c.id}>
                <span className={styles.rowTitle}>{c.title}</span>
                <Meta>Sent {formatLongDate(c.created_at)}</Meta>
              </li>
            ))}
          </ul>
          <p className={styles.seeAll}>
            <Link to={paths.sent}>See all corrections sent</Link>
          </p>
        </>
      )}
    </Section>
  );
}
