import {
  absenceWords,
  formatRate,
  MARK_LABELS,
  standingMessage,
} from '@academy/contract/roll-rules';
import { formatDateAsWritten } from '../../lib/dates';
import { Card, ItemList, Message } from '../../ui';
import styles from './schedules.module.css';
import { useOwnAttendance } from './use-schedules';

/**
 * The student's attendance this term on their Schedule (issue 29, point 9): the rate, where
 * they stand against the absence rules, and each session's mark. Nothing shows before the
 * first roll that names them, nor if it cannot be loaded (the schedule below still does).
 */
export function AttendanceCard() {
  const attendance = useOwnAttendance();
  const a = attendance.data;
  if (!a || a.rate === null) return null;
  const standing = standingMessage(a.standing, a.absences, a.absence_limit);
  const late = a.counts.late ? `, ${a.counts.late} late` : '';
  return (
    <Card title="Attendance this term">
      <p className={styles.rate}>
        <strong>{formatRate(a.rate)}</strong> attendance
        {` · ${a.sessions.length} ${a.sessions.length === 1 ? 'session' : 'sessions'}${late}, ${absenceWords(a.absences)} counted`}
      </p>
      {standing && <Message tone={a.standing === 'warning' ? 'info' : 'error'}>{standing}</Message>}
      <details>
        <summary>Each session’s roll</summary>
        <ItemList label="Each session’s roll">
          {a.sessions.map((s) => (
            <p key={s.class_session_id} className={styles.rollLine}>
              <span>
                {s.session_day}, {formatDateAsWritten(s.session_date)} · {s.class_name}
                {s.note ? ` · ${s.note}` : ''}
              </span>
              <span className={styles.mark}>{MARK_LABELS[s.mark]}</span>
            </p>
          ))}
        </ItemList>
      </details>
    </Card>
  );
}
