import { formatRate, MARK_LABELS, type Mark } from '@academy/contract/roll-rules';
import { StudentLink } from '../../components/student-link';
import { formatShortDate } from '../../lib/dates';
import styles from './attendance.module.css';
import type { ClassAttendance } from './use-attendance-reports';

/** A mark as one letter in the grid; the word is what a screen reader hears. */
const LETTER: Record<Mark, string> = { present: 'P', late: 'L', absent: 'A', excused: 'E' };

/**
 * Students by sessions: a row a student, a column a session. A class's term is wider than a
 * phone, so the grid scrolls sideways inside its own frame (a focusable region, so a keyboard
 * scrolls it too), the students' names staying in view; the page itself never does.
 */
export function AttendanceGrid({ grid }: { grid: ClassAttendance }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so a keyboard can scroll it.
    <section className={styles.gridFrame} aria-label="Attendance grid" tabIndex={0}>
      <table className={styles.grid}>
        <thead>
          <tr>
            <th scope="col">Student</th>
            {grid.sessions.map((s) => (
              <th key={s.id} scope="col">
                <span className={styles.day}>{formatShortDate(s.session_date)}</span>
              </th>
            ))}
            <th scope="col">Rate</th>
            <th scope="col">Absences</th>
          </tr>
        </thead>
        <tbody>
          {grid.students.map((student) => (
            <tr key={student.id}>
              <th scope="row">
                <StudentLink id={student.id}>{student.name}</StudentLink>
              </th>
              {student.marks.map((mark, i) => (
                <td key={grid.sessions[i]?.id ?? i} className={mark ? styles[mark] : undefined}>
                  {mark ? (
                    <>
                      <span aria-hidden="true">{LETTER[mark]}</span>
                      <span className="visually-hidden">{MARK_LABELS[mark]}</span>
                    </>
                  ) : (
                    <span className="visually-hidden">Not on this roll</span>
                  )}
                </td>
              ))}
              <td>{formatRate(student.rate)}</td>
              <td>{student.absences}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
