import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { failureText } from '../../api/failure-text';
import { Button, ConfirmDelete, Form, FormActions, useConfirm, useFormOutcome } from '../../ui';
import styles from './schedules.module.css';
import { type SessionDraft, SessionFields } from './session-fields';
import { type ScheduleSession, useDeleteSession, useUpdateSession } from './use-schedules';

const draftOf = (s: ScheduleSession): SessionDraft => ({
  session_number: String(s.session_number),
  session_day: s.session_day as SessionDraft['session_day'],
  session_date: s.session_date,
  session_time: s.session_time,
  status: s.status as SessionDraft['status'],
});

interface SessionEditorProps {
  studentId: number;
  session: ScheduleSession;
  /** A save starts: the screen keeps this session in view whatever its number becomes. */
  onSaveStart: () => void;
  /** Saved, under `number` (perhaps a new one). */
  onSaved: (number: number) => void;
  /** Deleted: the session leaves the list, so the screen says so. */
  onDeleted: (number: number) => void;
}

/** One session, edited in place and saved on its own. */
export function SessionEditor({
  studentId,
  session,
  onSaveStart,
  onSaved,
  onDeleted,
}: SessionEditorProps) {
  const update = useUpdateSession();
  const remove = useDeleteSession();
  const [draft, setDraft] = useState(() => draftOf(session));
  const number = Number(draft.session_number);
  const outcome = useFormOutcome(() =>
    !Number.isInteger(number) || number < 1 ? 'Each session needs a number from 1.' : null,
  );
  const confirmDelete = useConfirm<ScheduleSession>(({ session_number }, close) => {
    outcome.clear();
    remove.mutate(
      { user_id: studentId, session_number },
      {
        onSuccess: () => {
          close();
          onDeleted(session_number);
        },
        onError: (error) => {
          close();
          outcome.fail(
            failureText(error, {
              refusalPrefix: 'Error deleting session: ',
              fallback: 'Error deleting session',
            }),
          );
        },
      },
    );
  });

  const handleSave = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome.check()) return;
    onSaveStart();
    update.mutate(
      {
        user_id: studentId,
        session_number: session.session_number,
        new_session_number: number,
        session_day: draft.session_day,
        session_date: draft.session_date,
        session_time: draft.session_time,
        status: draft.status,
      },
      {
        onSuccess: () => {
          outcome.succeed('Session updated successfully');
          onSaved(number);
        },
        onError: (error) =>
          outcome.fail(
            failureText(error, {
              refusalPrefix: 'Error updating session: ',
              fallback: 'Error updating session',
            }),
          ),
      },
    );
  };

  const label = `Session ${session.session_number}`;
  return (
    // A form of its own: Enter in a field saves this session.
    <>
      <Form onSubmit={handleSave} outcome={outcome}>
        <fieldset className={styles.session}>
          <legend className={styles.sessionHead}>{label}</legend>
          <SessionFields
            value={draft}
            onChange={(change) => setDraft((d) => ({ ...d, ...change }))}
            labelPrefix={label}
          />
          <FormActions
            outcome={outcome}
            label={`Save session ${session.session_number}`}
            busy={update.isPending}
            size="small"
          >
            <Button
              variant="ghost"
              size="small"
              disabled={remove.isPending}
              onClick={() => confirmDelete.ask(session)}
            >
              <Trash2 size={16} aria-hidden="true" /> {`Delete session ${session.session_number}`}
            </Button>
          </FormActions>
        </fieldset>
      </Form>
      <ConfirmDelete
        confirm={confirmDelete}
        title={`Delete session ${session.session_number}?`}
        busy={remove.isPending}
      >
        {() => <p>The session leaves the student's schedule. This cannot be undone.</p>}
      </ConfirmDelete>
    </>
  );
}
