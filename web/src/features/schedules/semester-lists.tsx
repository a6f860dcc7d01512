import { useId } from 'react';
import { formatDateAsWritten } from '../../lib/dates';
import styles from './schedules.module.css';
import type { Semester } from './semesters';
import type { ScheduleSession } from './use-schedules';

const statusClass: Record<string, string | undefined> = {
  Held: styles.held,
  Missed: styles.missed,
  'Next Session': styles.next,
};

export function SessionList({ sessions, label }: { sessions: ScheduleSession[]; label: string }) {
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

/** Semesters one after another, each under its title ('Semester N'), in the order given. */
export function SemesterSections({ semesters }: { semesters: Semester<ScheduleSession>[] }) {
  const ids = useId();
  return semesters.map((group, index) => (
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
  ));
}
