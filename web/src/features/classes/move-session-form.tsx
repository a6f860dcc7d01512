import { explainFailure } from '../../api/failure-text';
import { FieldRow, Form, FormActions, TextField, useFields, useFormOutcome } from '../../ui';
import { type ClassSession, useUpdateClassSession } from './use-classes';

/**
 * A class session's new date and time, for every student of the class. `onDone` gets the
 * server's words once it is moved, or nothing when the teacher changes their mind.
 */
export function MoveSessionForm({
  classId,
  session,
  onDone,
}: {
  classId: number;
  session: ClassSession;
  onDone: (answer?: string) => void;
}) {
  const { values, bind } = useFields({ date: session.session_date, time: session.session_time });
  const { date, time } = values;
  const move = useUpdateClassSession();
  const outcome = useFormOutcome(() => (time.trim() ? null : 'Please enter a time.'));
  const unchanged = date === session.session_date && time.trim() === session.session_time;

  return (
    <Form
      aria-label={`Move the session of ${session.session_date}`}
      outcome={outcome}
      onSend={() => {
        if (unchanged) return onDone();
        move.mutate(
          {
            class_id: classId,
            class_session_id: session.id,
            ...(date !== session.session_date ? { session_date: date } : {}),
            ...(time.trim() !== session.session_time ? { session_time: time.trim() } : {}),
          },
          outcome.reports(
            explainFailure('The session could not be moved. Please try again.'),
            onDone,
          ),
        );
      }}
    >
      <FieldRow>
        <TextField label="New date" type="date" required {...bind('date')} />
        <TextField label="New time" maxLength={50} {...bind('time')} />
      </FieldRow>
      <FormActions
        outcome={outcome}
        label="Move for everyone"
        busy={move.isPending}
        busyLabel="Moving..."
        onCancel={() => onDone()}
      />
    </Form>
  );
}
