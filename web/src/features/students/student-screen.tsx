import { ROLE_ID } from '@academy/contract/constants';
import type { ReactNode } from 'react';
import { Link, matchPath, useLocation, useParams } from 'react-router';
import { failureText } from '../../api/failure-text';
import { LeitnerChart } from '../../components';
import {
  formatDateAsWritten,
  formatLongDate,
  formatLongDateTimeWithSeconds,
} from '../../lib/dates';
import { hrefs, paths } from '../../shared/paths';
import {
  Card,
  type Column,
  EmptyState,
  Meta,
  QueryView,
  Screen,
  Stack,
  Table,
  Tag,
} from '../../ui';
import { WorkLines } from '../assignments/work-state';
import styles from './students.module.css';
import {
  type StudentOverview,
  useStudentClasses,
  useStudentOverview,
} from './use-student-overview';

type Overview = StudentOverview;

/** A section of the page: its heading, how many there are, its rows, and a link to the full screen. */
function Section({
  title,
  summary,
  seeAll,
  children,
}: {
  title: string;
  summary?: ReactNode;
  seeAll?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Card title={title} aria-label={title}>
      {summary && <p className={styles.summary}>{summary}</p>}
      {children}
      {seeAll && (
        <p className={styles.seeAll}>
          <Link to={seeAll.to}>{seeAll.label}</Link>
        </p>
      )}
    </Card>
  );
}

/** "Showing the newest 5 of 12", when the section holds only some of them. */
const shownOf = (shown: number, total: number) =>
  total > shown ? ` Showing the newest ${shown} of ${total}.` : '';

const roleName = (roleId: number) =>
  roleId === ROLE_ID.admin ? 'Admin' : roleId === ROLE_ID.user ? 'User' : 'Unknown';

function Profile({ student }: { student: Overview['student'] }) {
  const rows: [string, ReactNode][] = [
    ['Username', student.username],
    ['Email', student.email],
    ['Gender', student.gender === 'female' ? 'Female' : 'Male'],
    ['Role', roleName(student.role_id)],
    ['Account', student.is_active === 1 ? 'Active' : 'Deactivated'],
    ['Last seen', student.last_seen ? formatLongDateTimeWithSeconds(student.last_seen) : 'Never'],
    ['Member since', formatLongDate(student.created_at)],
  ];
  return (
    <Section title="Profile">
      <dl className={styles.facts}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

/** The classes the student is in, each opening its page; archived ones say so. */
function Classes({ userId }: { userId: number }) {
  const classes = useStudentClasses(userId);
  return (
    <Section title="Classes">
      <QueryView
        query={classes}
        error="The classes could not be loaded."
        isEmpty={(data) => data.classes.length === 0}
        empty="Not in any class."
      >
        {(data) => (
          <ul className={styles.classList}>
            {data.classes.map((c) => (
              <li key={c.id}>
                <Link to={hrefs.classPage(c.id)}>{c.name}</Link>
                {c.is_archived ? ' (archived)' : ''}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Section>
  );
}

type Session = Overview['schedule']['latest'][number];
const sessionColumns: Column<Session>[] = [
  { header: 'Session', kind: 'short', cell: (s) => s.session_number },
  { header: 'Day', kind: 'short', cell: (s) => s.session_day },
  { header: 'Date', cell: (s) => formatDateAsWritten(s.session_date) },
  { header: 'Time', cell: (s) => s.session_time },
  { header: 'Status', kind: 'short', cell: (s) => s.status },
];

function Schedule({ schedule }: { schedule: Overview['schedule'] }) {
  return (
    <Section
      title="Schedule and attendance"
      seeAll={{ to: paths.editStudentSchedule, label: 'See the whole schedule' }}
      summary={
        schedule.total === 0
          ? undefined
          : `${schedule.held} held, ${schedule.missed} missed, ${schedule.next} next` +
            `${schedule.other ? `, ${schedule.other} other` : ''} of ${schedule.total} sessions.` +
            (schedule.total > schedule.latest.length
              ? ` Showing the last ${schedule.latest.length}.`
              : '')
      }
    >
      {schedule.total === 0 ? (
        <EmptyState>No sessions scheduled.</EmptyState>
      ) : (
        <Table
          label="Sessions"
          columns={sessionColumns}
          rows={schedule.latest}
          rowKey={(s) => s.session_id}
        />
      )}
    </Section>
  );
}

function Assignments({ assignments }: { assignments: Overview['assignments'] }) {
  return (
    <Section
      title="Assignments"
      seeAll={{ to: paths.viewAssignments, label: 'See all assignments' }}
      summary={
        assignments.total === 0
          ? undefined
          : `${assignments.total - assignments.unread} of ${assignments.total} read.` +
            shownOf(assignments.latest.length, assignments.total)
      }
    >
      {assignments.total === 0 ? (
        <EmptyState>No assignments sent.</EmptyState>
      ) : (
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
      )}
    </Section>
  );
}

function Submissions({ overview }: { overview: Overview }) {
  const { submissions, corrections } = overview;
  return (
    <Section
      title="Submissions and corrections"
      seeAll={{ to: paths.inbox, label: 'See the inbox' }}
      summary={
        submissions.total === 0 && corrections.total === 0
          ? undefined
          : `${submissions.total} submitted, ${corrections.total} corrections sent.` +
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

const kindName = { exam: 'Exam', reading: 'Reading', listening: 'Listening', story: 'Story' };

function Attempts({ overview }: { overview: Overview }) {
  const { attempts, speaking } = overview;
  return (
    <Section
      title="Exam and skill attempts"
      seeAll={{ to: paths.skillContent, label: 'See exams and skill items' }}
      summary={
        attempts.total === 0 && speaking.total === 0
          ? undefined
          : `${attempts.total} started, ${speaking.total} speaking answers.`
      }
    >
      {attempts.total === 0 && speaking.total === 0 ? (
        <EmptyState>No exam or skill started yet.</EmptyState>
      ) : (
        <ul className={styles.rows} aria-label="Attempts">
          {attempts.latest.map((a) => (
            <li key={`item-${a.item_id}`}>
              <span className={styles.rowTitle}>
                {kindName[a.kind]}: {a.title}
              </span>
              <Meta>Started {formatLongDate(a.started_at)}</Meta>
            </li>
          ))}
          {speaking.latest.map((a) => (
            <li key={`speaking-${a.id}`}>
              <span className={styles.rowTitle}>Speaking: {a.question_text}</span>
              <Meta>Answered {formatLongDate(a.created_at)}</Meta>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/**
 * /students/:id: one student at a glance, for an admin: profile, classes, schedule and
 * attendance, assignments, submissions with their corrections, the Leitner box, attempts.
 * Each list shows the newest few (the contract's OVERVIEW_LIST_SIZE) and links to its full
 * screen.
 */
/** Where the page was opened from, by the screen's name; Users when it is not known. */
const screenNames: Record<string, string> = {
  [paths.viewUsers]: 'View Users',
  [paths.viewAssignments]: 'View Assignments',
  [paths.inbox]: 'Inbox',
  [paths.sent]: 'Sent Corrections',
  [paths.allNotifications]: 'All Notifications',
  [paths.onlineUsers]: 'Online Users',
  [paths.studentLeitnerBox]: 'Student Leitner Box',
  [paths.skillContent]: 'Exams and Skill Builder',
  [paths.auditLog]: 'Audit Log',
  [paths.sentItems]: 'Sent Items',
  [paths.sentItem]: 'Sent Items',
  [paths.classes]: 'Classes',
  [paths.classPage]: 'Classes',
};

function useBackLink() {
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/')) {
    const pathname = from.split('?')[0] ?? '';
    const name = Object.entries(screenNames).find(([path]) => matchPath(path, pathname))?.[1];
    return { to: from, label: name ? `Back to ${name}` : 'Back' };
  }
  return { to: paths.viewUsers, label: 'Back to Users' };
}

export default function StudentScreen() {
  const id = Number(useParams().id);
  const back = useBackLink();
  const overview = useStudentOverview(id);
  const name = overview.data?.student.name;
  return (
    <Screen
      title={name ?? 'Student'}
      subtitle={name ? 'How this student is doing.' : undefined}
      back={back}
    >
      {!Number.isInteger(id) || id <= 0 ? (
        <EmptyState>Student not found.</EmptyState>
      ) : (
        <QueryView
          query={overview}
          loading="Loading student..."
          error={(error) =>
            failureText(error, {
              network: 'Could not reach the server. Please try again.',
              fallback: 'Could not load the student.',
            })
          }
        >
          {(data) => (
            <Stack gap="lg">
              <div className={styles.columns}>
                <Profile student={data.student} />
                <Classes userId={data.student.id} />
              </div>
              <Schedule schedule={data.schedule} />
              <div className={styles.columns}>
                <Assignments assignments={data.assignments} />
                <Submissions overview={data} />
              </div>
              <div className={styles.columns}>
                <LeitnerChart
                  userId={data.student.id}
                  title="Leitner box"
                  footer={
                    <p className={styles.seeAll}>
                      <Link to={paths.studentLeitnerBox}>See all cards</Link>
                    </p>
                  }
                />
                <Attempts overview={data} />
              </div>
            </Stack>
          )}
        </QueryView>
      )}
    </Screen>
  );
}
