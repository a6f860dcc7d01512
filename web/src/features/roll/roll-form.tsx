import { MARK_LABELS, MARKS, type Mark } from '@academy/contract/roll-rules';
import { useState } from 'react';
import { explainFailure } from '../../api/failure-text';
import { Form, FormMessage, SubmitButton, useFormOutcome } from '../../ui';
import styles from './roll.module.css';
import { RollStudent } from './roll-student';
import { type Roll, useSaveRoll } from './use-roll';

type Marks = Map<number, { mark: Mark; note: string }>;

const marksOf = (roll: Roll): Marks =>
  new Map(roll.students.map((s) => [s.id, { mark: s.mark, note: s.note }]));

/** "27 present, 2 late, 1 absent": what the save button is about to send. */
function summary(marks: Marks) {
  const counts = MARKS.map(
    (mark) => [mark, [...marks.values()].filter((m) => m.mark === mark).length] as const,
  );
  return counts
    .filter(([, n]) => n > 0)
    .map(([mark, n]) => `${n} ${MARK_LABELS[mark].toLowerCase()}`)
    .join(', ');
}

/**
 * The roll's marks, changed by a tap each, saved whole by one request. Offline, the save waits
 * on the phone and is sent once it is back online (use-roll.ts).
 */
export function RollForm({ roll }: { roll: Roll }) {
  const [marks, setMarks] = useState(() => marksOf(roll));
  const save = useSaveRoll();
  const outcome = useFormOutcome();
  const sessionId = roll.session.id;

  return (
    <Form
      aria-label="Roll"
      outcome={outcome}
      onSend={() =>
        save.mutate(
          {
            class_session_id: sessionId,
            marks: [...marks].map(([userId, m]) => ({
              user_id: userId,
              mark: m.mark,
              note: m.note.trim(),
            })),
          },
          outcome.reports(explainFailure('The roll could not be saved. Please try again.')),
        )
      }
    >
      <ul className={styles.students} aria-label="Students">
        {roll.students.map((student) => {
          const current = marks.get(student.id) ?? { mark: 'present' as Mark, note: '' };
          return (
            <li key={student.id}>
              <RollStudent
                id={student.id}
                name={student.name}
                mark={current.mark}
                note={current.note}
                onChange={(change) => setMarks((all) => new Map(all).set(student.id, change))}
              />
            </li>
          );
        })}
      </ul>
      <div className={styles.save}>
        <p className={styles.summary} aria-live="polite">
          {summary(marks)}
        </p>
        {save.isPaused ? (
          <p role="status">Saved on this phone. The roll is sent when you are back online.</p>
        ) : (
          <FormMessage outcome={outcome} />
        )}
        <SubmitButton busy={save.isPending && !save.isPaused} busyLabel="Saving...">
          Save roll
        </SubmitButton>
      </div>
    </Form>
  );
}
