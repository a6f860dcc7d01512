import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { formatDateAsWritten } from '../../lib/dates';
import { backTo } from '../../shared/paths';
import { EmptyState, QueryView, Screen } from '../../ui';
import { AttendanceCard } from './attendance-card';
import styles from './schedules.module.css';
import { groupIntoSemesters } from './semesters';
import { type ScheduleSession, useOwnSchedule } from './use-schedules';

const statusClass: Record<string, string | undefined> = {
  Held: styles.held,
  Missed: styles.missed,
  'Next Session': styles.next,
};

function SessionList({ sessions, label }: { sessions: ScheduleSession[]; label: string }) {
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

const tabs = [
  { id: 'current', label: 'Current' },
  { id: 'archived', label: 'Archived' },
] as const;
type Tab = (typeof tabs)[number]['id'];

/** /schedule: the current semester, and earlier ones archived as 'Semester N'. */
export default function ScheduleScreen() {
  const schedule = useOwnSchedule();
  const [tab, setTab] = useState<Tab>('current');
  const semesters = groupIntoSemesters(schedule.data?.schedule ?? []);
  const ids = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  // The ARIA tabs pattern: one tab in the Tab order; arrows, Home and End move between them.
  const handleTabKey = (event: KeyboardEvent, index: number) => {
    const count = tabs.length;
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % count,
      ArrowLeft: (index - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    const target = next === undefined ? undefined : tabs[next];
    if (next === undefined || !target) return;
    event.preventDefault();
    setTab(target.id);
    tabRefs.current[next]?.focus();
  };

  let body: ReactNode;
  if (tab === 'current') {
    body = semesters.current.length ? (
      <SessionList sessions={semesters.current} label="Current sessions" />
    ) : (
      <EmptyState>No sessions scheduled yet.</EmptyState>
    );
  } else {
    body = semesters.archived.length ? (
      [...semesters.archived].reverse().map((group, index) => (
        <section
          key={group.title}
          className={styles.semester}
          aria-labelledby={`${ids}-semester-${index}`}
        >
          <h2 id={`${ids}-semester-${index}`} className={styles.semesterTitle}>
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
    <Screen title="Schedule" back={backTo.home} width="narrow">
      <AttendanceCard />
      <div className={styles.tabs} role="tablist" aria-label="Schedule">
        {tabs.map(({ id, label }, index) => (
          <button
            key={id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${ids}-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`${ids}-panel`}
            tabIndex={tab === id ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(id)}
            onKeyDown={(event) => handleTabKey(event, index)}
          >
            {label}
          </button>
        ))}
      </div>
      <div
        id={`${ids}-panel`}
        role="tabpanel"
        aria-labelledby={`${ids}-tab-${tab}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern makes the panel reachable.
        tabIndex={0}
      >
        <QueryView
          query={schedule}
          loading="Loading your schedule..."
          error="Error fetching schedule information"
        >
          {() => body}
        </QueryView>
      </div>
    </Screen>
  );
}
