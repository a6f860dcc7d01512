import { call } from '../../api/client';
import { explainFailure } from '../../api/failure-text';
import { CsvExportButton } from '../../components/csv-export-button';
import { FormMessage, QueryCard, useFormOutcome } from '../../ui';
import { AttendanceGrid } from './attendance-grid';
import { useClassAttendance } from './use-attendance-reports';

/**
 * A class's attendance this term on its page (issue 29, point 9): its students by the
 * sessions whose roll was taken, with their rates, and the same as a spreadsheet.
 */
export function ClassAttendance({ classId }: { classId: number }) {
  const grid = useClassAttendance(classId);
  const message = useFormOutcome();
  return (
    <QueryCard
      title="Attendance this term"
      query={grid}
      error={explainFailure('The attendance could not be loaded. Please try again.')}
      isEmpty={(data) => data.sessions.length === 0 || data.students.length === 0}
      empty="No roll taken this term yet. Each roll taken adds a column here."
    >
      {(data) => (
        <>
          <AttendanceGrid grid={data} />
          <CsvExportButton
            fetchCsv={() => call('exportClassAttendance', { class_id: classId })}
            saved={(count) => `Exported the attendance of ${count} students.`}
            failed="The attendance could not be exported. Please try again."
            message={message}
          >
            Export attendance (CSV)
          </CsvExportButton>
          <FormMessage outcome={message} />
        </>
      )}
    </QueryCard>
  );
}
