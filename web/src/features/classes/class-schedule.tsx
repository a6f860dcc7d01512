import { failureText } from '../../api/failure-text';
import { useIsAdmin } from '../../api/role';
import { Card } from '../../ui';
import { PatternPanel } from '../schedules/pattern-panel';
import styles from './classes.module.css';
import { useSaveClassSchedule } from './use-classes';

/** A weekly pattern of sessions, added to every student of the class. */
export function ClassSchedule({ classId }: { classId: number }) {
  const save = useSaveClassSchedule();
  const isAdmin = useIsAdmin();
  return (
    <Card title="Weekly schedule">
      <p className={styles.muted}>
        Adds the sessions to the class's timetable: every student of the class gets them, and
        students added later get the ones to come. Sessions the timetable has already are not added
        twice.
        {/* A screen of the administrator's only. */}
        {isAdmin && " Change one student's sessions under Edit Student Schedule."}
      </p>
      <PatternPanel
        onSend={(pattern) =>
          save
            .mutateAsync({
              class_id: classId,
              weekdays: [...pattern.weekdays],
              first_date: pattern.firstDate,
              count: pattern.count,
              time: pattern.time,
            })
            .then((answer) => answer.message)
            .catch((error: unknown) => {
              throw new Error(
                failureText(error, {
                  fallback: 'The sessions could not be added. Please try again.',
                }),
              );
            })
        }
      />
    </Card>
  );
}
