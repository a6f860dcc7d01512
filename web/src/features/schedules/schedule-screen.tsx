import { type ReactNode, useState } from 'react';
import { paths } from '../../app/paths';
import { formatDateAsWritten } from '../../lib/dates';
import { EmptyState, Loading, Message, Screen } from '../../ui';
import styles from './schedules.module.css';
import { groupIntoSemesters } from './semesters';
import { useOwnSchedule } from './use-schedules';

interface Session {
  session_id: number;
  session_number: number;
  session_day: string;
  session_date: string;
  session_time: string;
  status: string;
}

const statusClass: Record<string, string | undefined> = {
  Held: styles.held,
  Missed: styles.missed,
  'Next Session': styles.next,
};

function SessionList({ sessions, label }: { sessions: Session[]; label: string }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {sessions.map((s) => (
        <li key={s.session_id} className={styles.card}>
          <span className={styles.number}>
            <span className="visually-hidden">Session </span>
            {s.session_number}
          </span>
          <div>
            <p className={styles.when}>
              {[s.session_day, formatDateAsWritten(s.session_date)].filter(Boolean).join(', ')}
            </p>
            {s.session_time && <p className={styles.time}>{s.session_time}</p>}
          </div>
          <span className={`${styles.status} ${statusClass[s.status] ?? ''}`}>{s.status}</span>
        </li>
      ))}
    </ul>
  );
}

/** /schedule: the current semester, and earlier ones archived as 'Semester N'. */
export default function ScheduleScreen() {
  const schedule = useOwnSchedule();
  const [tab, setTab] = useState<'current' | 'archived'>('current');
  const semesters = groupIntoSemesters(schedule.data?.schedule ?? []);

  let body: ReactNode;
  if (schedule.isPending) body = <Loading>Loading your schedule...</Loading>;
  else if (schedule.isError && !schedule.data)
    body = <Message tone="error">Error fetching schedule information</Message>;
  else if (tab === 'current') {
    body = semesters.current.length ? (
      <SessionList sessions={semesters.current} label="Current sessions" />
    ) : (
      <EmptyState>No sessions scheduled yet.</EmptyState>
    );
  } else {
    body = semesters.archived.length ? (
      [...semesters.archived].reverse().map((group) => (
        <section
          key={group.title}
          className={styles.semester}
          aria-labelledby={`semester-${group.title}`}
        >
          <h2 id={`semester-${group.title}`} className={styles.semesterTitle}>
            {group.title}
          </h2>
          <SessionList sessions={group.sessions} label={group.title} />
        </section>
      ))
    ) : (
      <EmptyState>No archived semesters yet.</EmptyState>
    );
  }

  return (
    <Screen
      title="Schedule"
      back={{ to: paths.userHome, label: 'Back to Home Screen' }}
      width="narrow"
    >
      <div className={styles.tabs} role="tablist" aria-label="Schedule">
        {(['current', 'archived'] as const).map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls="schedule-panel"
            className={styles.tab}
            onClick={() => setTab(id)}
          >
            {id === 'current' ? 'Current' : 'Archived'}
          </button>
        ))}
      </div>
      <div id="schedule-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {body}
      </div>
    </Screen>
  );
}
