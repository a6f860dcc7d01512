import { Navigate, useParams } from 'react-router';
import { explainFailure } from '../../api/failure-text';
import { useIsAdmin } from '../../api/role';
import { studentCount } from '../../lib/student-count';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { paths } from '../../shared/paths';
import { Card, EmptyState, Pager, QueryView, Screen, SearchField, usePagedFilters } from '../../ui';
import { ClassResultsLink } from '../results/class-results-link';
import { ClassAttendance } from '../roll/class-attendance';
import { AddStudents } from './add-students';
import { ClassDetails } from './class-details';
import { ClassLevel } from './class-level';
import { ClassReportCards } from './class-report-cards';
import { ClassSchedule } from './class-schedule';
import { ClassStudentList, ClassStudentNames } from './class-student-list';
import { ClassTeachers } from './class-teachers';
import { ClassTimetable } from './class-timetable';
import { useClassStudents } from './use-classes';

/** /classes/:id (new): one class's page; an id that is not a number goes to the list. */
export default function ClassPageScreen() {
  const id = useParams().id ?? '';
  if (!/^\d+$/.test(id)) return <Navigate to={paths.classes} replace />;
  // Keyed by the class, so another class's page starts with its own search and page.
  return <ClassPage key={id} classId={Number(id)} />;
}

/**
 * One class: its name, its teachers, its students (searched, paged, removed several at once),
 * adding more, its timetable and attendance. A teacher (issue 29) sees their class's students,
 * each opening their page, its timetable and attendance.
 */
function ClassPage({ classId }: { classId: number }) {
  const isAdmin = useIsAdmin();
  const { filters, pager, searchBox } = usePagedFilters({ q: '', page: 1 });
  const students = useClassStudents(classId, { ...filters, q: useDebouncedValue(filters.q) });
  const search = filters.q.trim();
  const theClass = students.data?.class;
  return (
    <Screen
      title={theClass?.name ?? 'Class'}
      subtitle={
        theClass
          ? `${studentCount(theClass.student_count)}${theClass.is_archived ? ' · Archived' : ''}`
          : undefined
      }
      back={{ to: paths.classes, label: 'Back to Classes' }}
    >
      <QueryView
        query={students}
        error={explainFailure('The class could not be loaded. Please try again.')}
      >
        {(data) => (
          <>
            <ClassDetails
              classId={classId}
              name={data.class.name}
              isArchived={data.class.is_archived}
            />
            <ClassTeachers classId={classId} teachers={data.class.teachers} canChoose={isAdmin} />
            <Card title="Students">
              <SearchField label="Search this class" {...searchBox('q')} />
              {data.students.length === 0 ? (
                <EmptyState>
                  {search
                    ? `No student of this class matches “${search}”.`
                    : `No students in this class yet.${isAdmin ? ' Add them below.' : ''}`}
                </EmptyState>
              ) : isAdmin ? (
                <ClassStudentList classId={classId} students={data.students} />
              ) : (
                <ClassStudentNames students={data.students} />
              )}
              <Pager {...pager} hasMore={data.has_more} isLoading={students.isFetching} />
            </Card>
            {isAdmin && <AddStudents classId={classId} />}
            <ClassTimetable classId={classId} />
            {/* The weekly pattern sits under the timetable it fills (issue 49, point 8). */}
            {!data.class.is_archived && <ClassSchedule classId={classId} />}
            <ClassAttendance classId={classId} />
            <ClassResultsLink classId={classId} />
            <ClassLevel classId={classId} />
            <ClassReportCards classId={classId} />
          </>
        )}
      </QueryView>
    </Screen>
  );
}
