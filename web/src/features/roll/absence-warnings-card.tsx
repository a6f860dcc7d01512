import { absenceWords } from '@academy/contract/roll-rules';
import { explainFailure } from '../../api/failure-text';
import { StudentLink } from '../../components/student-link';
import { paths } from '../../shared/paths';
import { ButtonLink, Card, Meta, QueryRows } from '../../ui';
import { useAttendanceWarnings } from './use-attendance-reports';

/** How many of the first names the card shows; the list has the rest. */
const SHOWN = 3;

/** How many students are at the warning ('3+' when there are more than the card was sent). */
function countLine(data: { students: unknown[]; has_more?: boolean }): string {
  const count = data.has_more ? `${data.students.length}+` : `${data.students.length}`;
  return `${count} ${data.students.length === 1 && !data.has_more ? 'student' : 'students'} at or over the warning this term.`;
}

/**
 * The students at the absence warning, on the dashboard and a teacher's home (issue 29,
 * point 8): how the administrators and teachers are told, refreshed live by the roll that
 * raised a standing. A teacher's holds their classes' students only.
 */
export function AbsenceWarningsCard() {
  const warnings = useAttendanceWarnings(1);
  return (
    <Card title="Absence warnings">
      <QueryRows
        query={warnings}
        loading="Loading the absence warnings..."
        error={explainFailure('The warnings could not be loaded. Please try again.')}
        empty="No student has reached the absence warning this term."
        rows={(data) => data.students.slice(0, SHOWN)}
        label="Students at the absence warning"
        before={(data) => <Meta>{countLine(data)}</Meta>}
        after={() => (
          <ButtonLink size="small" variant="secondary" to={paths.attendanceWarnings}>
            See all absence warnings
          </ButtonLink>
        )}
      >
        {(s) => (
          <>
            <StudentLink id={s.id}>{s.name}</StudentLink>: {absenceWords(s.absences)}
          </>
        )}
      </QueryRows>
    </Card>
  );
}
