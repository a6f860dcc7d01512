import { useState } from 'react';
import { failureText } from '../../api/failure-text';
import {
  ActionRow,
  CancelAndSubmit,
  FieldRow,
  Form,
  FormMessage,
  TextField,
  useFormOutcome,
} from '../../ui';
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
  const [date, setDate] = useState(session.session_date);
  const [time, setTime] = useState(session.session_time);
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
          {
            onSuccess: (answer) => onDone(answer.message),
            onError: (error) =>
              outcome.fail(
                failureText(error, {
                  fallback: 'The session could not be moved. Please try again.',
                }),
              ),
          },
        );
      }}
    >
      <FieldRow>
        <TextField
          label="New date"
          type="date"
          required
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
        <TextField
          label="New time"
          value={time}
          maxLength={50}
          onChange={(e) => setTime(e.target.value)}
        />
      </FieldRow>
      <FormMessage outcome={outcome} />
      <ActionRow>
        <CancelAndSubmit
          label="Move for everyone"
          busy={move.isPending}
          busyLabel="Moving..."
          onCancel={() => onDone()}
        />
      </ActionRow>
    </Form>
  );
}
