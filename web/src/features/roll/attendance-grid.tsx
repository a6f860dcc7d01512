// biome-ignore-all lint/a11y/noRedundantRoles: the roles keep the grid a table for screen readers once the phone layout changes its display (as ui/table.tsx).
import { formatRate, MARK_LABELS, type Mark } from '@academy/contract/roll-rules';
import { StudentLink } from '../../components/student-link';
import { formatShortDate } from '../../lib/dates';
import styles from './attendance.module.css';
import type { ClassAttendance } from './use-attendance-reports';

/**
 * Each session's heading: its short date, and its time too when the class met more than once
 * that day (issue 49), so two sessions on one day can be told apart.
 */
function sessionHeads(sessions: ClassAttendance['sessions']): string[] {
  const perDay = new Map<string, number>();
  for (const s of sessions) perDay.set(s.session_date, (perDay.get(s.session_date) ?? 0) + 1);
  return sessions.map((s) => {
    const day = formatShortDate(s.session_date);
    return (perDay.get(s.session_date) ?? 0) > 1 ? `${day} ${s.session_time}` : day;
  });
}

/** A mark as one letter in the grid; the word is what a screen reader hears. */
const LETTER: Record<Mark, string> = { present: 'P', late: 'L', absent: 'A', excused: 'E' };

/**
 * Students by sessions: a row a student, a column a session. Where the frame is wide, a table
 * whose students' names stay in view while a long term scrolls past inside the frame (a
 * focusable region, so a keyboard scrolls it too); on a phone, each student is a card with
 * their rate and absences and a mark a session, dated, wrapping line by line, so nothing
 * scrolls sideways. The explicit roles keep it a table for screen readers either way.
 */
export function AttendanceGrid({ grid }: { grid: ClassAttendance }) {
  const days = sessionHeads(grid.sessions);
  return (
    // The place's width decides the look: the frame cannot ask its own (a container query asks
    // an ancestor's), and on a phone it loses its border too.
    <div className={styles.gridPlace}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so a keyboard can scroll it. */}
      <section className={styles.gridFrame} aria-label="Attendance grid" tabIndex={0}>
        <table className={styles.grid} role="table">
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">
                Student
              </th>
              <th scope="col" role="columnheader">
                Rate
              </th>
              <th scope="col" role="columnheader">
                Absences
              </th>
              {days.map((day, i) => (
                <th key={grid.sessions[i]?.id ?? i} scope="col" role="columnheader">
                  <span className={styles.day}>{day}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {grid.students.map((student) => (
              <tr key={student.id} role="row">
                <th scope="row" role="rowheader">
                  <StudentLink id={student.id}>{student.name}</StudentLink>
                </th>
                <td role="cell" data-label="Rate" className={styles.figure}>
                  {formatRate(student.rate)}
                </td>
                <td role="cell" data-label="Absences" className={styles.figure}>
                  {student.absences}
                </td>
                {student.marks.map((mark, i) => (
                  <td
                    key={grid.sessions[i]?.id ?? i}
                    role="cell"
                    data-label={days[i]}
                    className={mark ? styles[mark] : undefined}
                  >
                    {mark ? (
                      <>
                        <span aria-hidden="true">{LETTER[mark]}</span>
                        <span className="visually-hidden">{MARK_LABELS[mark]}</span>
                      </>
                    ) : (
                      <span className="visually-hidden">Not on this roll</span>
                    )}
                    {/* The roll's note on the mark (issue 49). */}
                    {student.notes[i] && (
                      <span className={styles.cellNote}>{student.notes[i]}</span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
