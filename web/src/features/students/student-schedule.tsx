import { formatDateAsWritten } from '../../lib/dates';
import { paths } from '../../shared/paths';
import { type Column, Table } from '../../ui';
import { Section } from './student-section';
import type { StudentOverview } from './use-student-overview';

type Overview = StudentOverview;

type Session = Overview['schedule']['latest'][number];
const sessionColumns: Column<Session>[] = [
  { header: 'Session', kind: 'short', cell: (s) => s.session_number },
  { header: 'Day', kind: 'short', cell: (s) => s.session_day },
  { header: 'Date', cell: (s) => formatDateAsWritten(s.session_date) },
  { header: 'Time', cell: (s) => s.session_time },
  { header: 'Status', kind: 'short', cell: (s) => s.status },
];

/** The student's sessions: how many held, missed and next, and those around today. */
export function Schedule({ schedule }: { schedule: Overview['schedule'] }) {
  return (
    <Section
      title="Schedule and attendance"
      seeAll={{ to: paths.editStudentSchedule, label: 'See the whole schedule' }}
      count={schedule.total}
      summary={
        `${schedule.held} held, ${schedule.missed} missed, ${schedule.next} next` +
        `${schedule.other ? `, ${schedule.other} other` : ''} of ${schedule.total} sessions.` +
        (schedule.total > schedule.latest.length
          ? ` Showing the ${schedule.latest.length} around today.`
          : '')
      }
      empty="No sessions scheduled."
    >
      <Table
        label="Sessions"
        columns={sessionColumns}
        rows={schedule.latest}
        rowKey={(s) => s.session_id}
      />
    </Section>
  );
}
