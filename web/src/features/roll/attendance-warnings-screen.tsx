import { absenceWords, formatRate, STANDING_WORDS } from '@academy/contract/roll-rules';
import { call } from '../../api/client';
import { explainFailure } from '../../api/failure-text';
import { CsvExportButton } from '../../components/csv-export-button';
import { StudentLink } from '../../components/student-link';
import { formatLongDate } from '../../lib/dates';
import { useBackToStaffHome } from '../../shared/staff-home';
import {
  ActionRow,
  FormMessage,
  PagedList,
  Screen,
  Table,
  useFormOutcome,
  usePagedFilters,
} from '../../ui';
import { type AttendanceWarnings, useAttendanceWarnings } from './use-attendance-reports';

/** What the list holds, in the academy's rules' words. */
function rulesLine(data: AttendanceWarnings): string {
  const since = data.term
    ? ` in ${data.term.name} (since ${formatLongDate(data.term.first_day)})`
    : '';
  if (data.warning_at === null && data.absence_limit === null)
    return 'The academy sets no warning and no absence limit (Settings), so no one is listed.';
  const line =
    data.warning_at !== null
      ? `Students with ${absenceWords(data.warning_at)} or more${since}`
      : `Students at the limit of ${absenceWords(data.absence_limit ?? 0)}${since}`;
  return data.absence_limit !== null && data.warning_at !== null
    ? `${line}; the limit is ${data.absence_limit}.`
    : `${line}.`;
}

/**
 * /attendance-warnings (issue 29, point 9): the students at or over the academy's absence
 * warning this term, most absences first (a teacher's: their classes' students), and as CSV.
 */
export default function AttendanceWarningsScreen() {
  const { filters, pager } = usePagedFilters({ page: 1 });
  const warnings = useAttendanceWarnings(filters.page);
  const message = useFormOutcome();
  return (
    <Screen title="Absence warnings" back={useBackToStaffHome()}>
      <FormMessage outcome={message} />
      <PagedList
        query={warnings}
        pager={pager}
        loading="Loading the absence warnings..."
        error={explainFailure('The warnings could not be loaded. Please try again.')}
        empty={(data) => `${rulesLine(data)} No student has reached it this term.`}
        isEmpty={(data) => data.students.length === 0}
      >
        {(data) => (
          <>
            <p>{rulesLine(data)}</p>
            <Table
              label="Students at the absence warning"
              rows={data.students}
              columns={[
                {
                  header: 'Student',
                  cell: (s) => <StudentLink id={s.id}>{s.name}</StudentLink>,
                },
                { header: 'Classes', cell: (s) => s.classes.join(', ') || 'None' },
                { header: 'Absences', cell: (s) => s.absences, kind: 'short' },
                { header: 'Rate', cell: (s) => formatRate(s.rate), kind: 'short' },
                { header: 'Standing', cell: (s) => STANDING_WORDS[s.standing], kind: 'short' },
              ]}
            />
            <ActionRow>
              <CsvExportButton
                fetchCsv={() => call('exportAttendanceWarnings', {})}
                saved={(count) => `Exported ${count} students.`}
                failed="The warnings could not be exported. Please try again."
                message={message}
              >
                Export the list (CSV)
              </CsvExportButton>
            </ActionRow>
          </>
        )}
      </PagedList>
    </Screen>
  );
}
