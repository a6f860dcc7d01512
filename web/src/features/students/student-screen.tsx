import { Link, useParams } from 'react-router';
import { explainFailure } from '../../api/failure-text';
import { LeitnerChart } from '../../components';
import { paths } from '../../shared/paths';
import { EmptyState, QueryView, Screen, Stack } from '../../ui';
import { GuardiansCard } from '../guardians/guardians-card';
import { StudentResults } from '../results/student-results';
import { useBackLink } from './back-link';
import { Attempts } from './student-attempts';
import { StudentPlacement } from './student-placement';
import { Classes, Profile } from './student-profile';
import { Schedule } from './student-schedule';
import { Assignments, Submissions } from './student-work';
import styles from './students.module.css';
import { useStudentOverview } from './use-student-overview';

/**
 * /students/:id: one student at a glance, for an admin: profile, classes, schedule and
 * attendance, assignments, submissions with their corrections, the Leitner box, attempts.
 * Each list shows the newest few (the contract's OVERVIEW_LIST_SIZE) and links to its full
 * screen. A teacher (issue 29) opens the pages of their classes' students, without the links
 * to the administrator's screens; another's page says the server's refusal.
 */
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
          error={explainFailure({
            network: 'Could not reach the server. Please try again.',
            fallback: 'Could not load the student.',
          })}
        >
          {(data) => (
            <Stack gap="lg">
              <div className={styles.columns}>
                <Profile student={data.student} />
                <Classes userId={data.student.id} />
              </div>
              <GuardiansCard userId={data.student.id} />
              <StudentPlacement userId={data.student.id} />
              <Schedule schedule={data.schedule} />
              <StudentResults userId={data.student.id} />
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
