import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { todayOn } from '../../lib/dates';
import { useAcademyTimeZone } from '../../shared/branding';
import { backTo } from '../../shared/paths';
import { EmptyState, QueryView, Screen } from '../../ui';
import { AttendanceCard } from './attendance-card';
import styles from './schedules.module.css';
import { SemesterSections, SessionList } from './semester-lists';
import { groupIntoSemesters } from './semesters';
import { useOwnSchedule } from './use-schedules';

const tabs = [
  { id: 'current', label: 'Current' },
  { id: 'archived', label: 'Archived' },
] as const;
type Tab = (typeof tabs)[number]['id'];

/**
 * /schedule: the semester holding the next session and any after it (the academy's today), and
 * earlier ones archived as 'Semester N'.
 */
export default function ScheduleScreen() {
  const schedule = useOwnSchedule();
  const [tab, setTab] = useState<Tab>('current');
  const today = todayOn(useAcademyTimeZone());
  const semesters = groupIntoSemesters(schedule.data?.schedule ?? [], today);
  const [onlyCurrent] = semesters.current;
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
    // One semester is shown as the spec's current schedule; several (a session still to come
    // in an earlier one) each under its title.
    body =
      semesters.current.length > 1 ? (
        <SemesterSections semesters={semesters.current} />
      ) : onlyCurrent ? (
        <SessionList sessions={onlyCurrent.sessions} label="Current sessions" />
      ) : (
        <EmptyState>No sessions scheduled yet.</EmptyState>
      );
  } else {
    body = semesters.archived.length ? (
      <SemesterSections semesters={[...semesters.archived].reverse()} />
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
