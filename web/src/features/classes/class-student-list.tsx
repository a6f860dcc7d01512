import { useState } from 'react';
import { explainFailure } from '../../api/failure-text';
import { StudentLink } from '../../components';
import { studentCount } from '../../lib/student-count';
import {
  ActionRow,
  Button,
  ConfirmPopup,
  FormMessage,
  useConfirmedChange,
  useFormOutcome,
} from '../../ui';
import styles from './classes.module.css';
import { useRemoveClassStudents } from './use-classes';

interface ClassStudentListProps {
  classId: number;
  students: { id: number; name: string; username: string; email: string }[];
}

/** A page of the class's students, to tick and remove several at once (asked first). */
export function ClassStudentList({ classId, students }: ClassStudentListProps) {
  const notice = useFormOutcome();
  const [chosen, setChosen] = useState<number[]>([]);
  const toggle = (id: number) =>
    setChosen((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  const removing = useConfirmedChange(
    useRemoveClassStudents(),
    (userIds: number[]) => ({ classId, userIds }),
    notice.reports(explainFailure('The students could not be removed.'), (said) => {
      notice.succeed(said);
      setChosen([]);
    }),
  );

  return (
    <>
      <fieldset className={styles.students}>
        <legend className="visually-hidden">Students of this class</legend>
        {students.map((s) => (
          <label key={s.id} className={styles.student}>
            <input type="checkbox" checked={chosen.includes(s.id)} onChange={() => toggle(s.id)} />
            <span>
              {s.name} <span className={styles.muted}>({s.username})</span>
            </span>
          </label>
        ))}
      </fieldset>
      <ActionRow>
        <Button
          variant="danger"
          size="small"
          disabled={chosen.length === 0}
          onClick={() => removing.ask(chosen)}
        >
          {chosen.length > 0 ? `Remove ${studentCount(chosen.length)}` : 'Remove chosen'}
        </Button>
      </ActionRow>
      <FormMessage outcome={notice} />
      <ConfirmPopup
        {...removing.popup}
        title={`Remove ${studentCount(removing.subject?.length ?? 0)} from this class?`}
        confirmLabel="Remove"
      >
        <p>They keep their accounts and everything already sent to them.</p>
      </ConfirmPopup>
    </>
  );
}

/** A page of the class's students for a teacher (issue 29): each name opens the student's page. */
export function ClassStudentNames({ students }: Pick<ClassStudentListProps, 'students'>) {
  return (
    <ul className={styles.students} aria-label="Students of this class">
      {students.map((s) => (
        <li key={s.id} className={styles.student}>
          <span>
            <StudentLink id={s.id}>{s.name}</StudentLink>{' '}
            <span className={styles.muted}>({s.username})</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
