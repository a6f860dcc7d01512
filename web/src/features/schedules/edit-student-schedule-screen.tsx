import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { failureText } from '../../api/failure-text';
import { StudentSelect } from '../../components';
import { paths } from '../../shared/paths';
import {
  Button,
  Card,
  ConfirmPopup,
  EmptyState,
  Form,
  FormMessage,
  Message,
  QueryView,
  Screen,
  Stack,
  TextField,
  useFormOutcome,
} from '../../ui';

import styles from './schedules.module.css';
import { type SessionDraft, SessionFields } from './session-fields';
import { useDeleteSession, useStudentSchedule, useUpdateSession } from './use-schedules';

interface Session {
  session_id: number;
  session_number: number;
  session_day: string;
  session_date: string;
  session_time: string;
  status: string;
}

const draftOf = (s: Session): SessionDraft => ({
  session_number: String(s.session_number),
  session_day: s.session_day as SessionDraft['session_day'],
  session_date: s.session_date,
  session_time: s.session_time,
  status: s.status as SessionDraft['status'],
});

interface SessionEditorProps {
  studentId: number;
  session: Session;
  /** A save starts: the screen keeps this session in view whatever its number becomes. */
  onSaveStart: () => void;
  /** Saved, under `number` (perhaps a new one). */
  onSaved: (number: number) => void;
  /** Deleted: the session leaves the list, so the screen says so. */
  onDeleted: (number: number) => void;
}

/** One session, edited in place and saved on its own. */
function SessionEditor({
  studentId,
  session,
  onSaveStart,
  onSaved,
  onDeleted,
}: SessionEditorProps) {
  const update = useUpdateSession();
  const remove = useDeleteSession();
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState(() => draftOf(session));
  const number = Number(draft.session_number);
  const outcome = useFormOutcome(() =>
    !Number.isInteger(number) || number < 1 ? 'Each session needs a number from 1.' : null,
  );

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

  const handleDelete = () => {
    outcome.clear();
    remove.mutate(
      { user_id: studentId, session_number: session.session_number },
      {
        onSuccess: () => {
          setConfirming(false);
          onDeleted(session.session_number);
        },
        onError: (error) => {
          setConfirming(false);
          outcome.fail(
            failureText(error, {
              refusalPrefix: 'Error deleting session: ',
              fallback: 'Error deleting session',
            }),
          );
        },
      },
    );
  };

  return (
    // A form of its own: Enter in a field saves this session.
    <>
      <Form onSubmit={handleSave} outcome={outcome}>
        <fieldset className={styles.session}>
          <legend className={styles.sessionHead}>{`Session ${session.session_number}`}</legend>
          <SessionFields
            value={draft}
            onChange={(change) => setDraft((d) => ({ ...d, ...change }))}
            labelPrefix={`Session ${session.session_number}`}
          />
          <FormMessage outcome={outcome} />
          <div className={styles.actions}>
            <Button type="submit" size="small" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : `Save session ${session.session_number}`}
            </Button>
            <Button
              variant="ghost"
              size="small"
              disabled={remove.isPending}
              onClick={() => setConfirming(true)}
            >
              <Trash2 size={16} aria-hidden="true" /> {`Delete session ${session.session_number}`}
            </Button>
          </div>
        </fieldset>
      </Form>
      <ConfirmPopup
        open={confirming}
        title={`Delete session ${session.session_number}?`}
        confirmLabel="Yes, Delete"
        busy={remove.isPending}
        onConfirm={handleDelete}
        onCancel={() => setConfirming(false)}
      >
        <p>The session leaves the student's schedule. This cannot be undone.</p>
      </ConfirmPopup>
    </>
  );
}

/** /edit-student-schedule: pick a student, find a session by number, edit it in place. */
export default function EditStudentScheduleScreen() {
  const [studentId, setStudentId] = useState('');
  const [filter, setFilter] = useState('');
  // The session being saved stays in view while its number changes under the filter.
  const [pinnedId, setPinnedId] = useState<number | null>(null);
  const [deleted, setDeleted] = useState<number | null>(null);
  const schedule = useStudentSchedule(studentId);
  const sessions = (schedule.data?.schedule ?? []).filter(
    (s) =>
      !filter.trim() || String(s.session_number) === filter.trim() || s.session_id === pinnedId,
  );

  return (
    <Screen
      title="Edit Student Schedule"
      back={{ to: paths.adminHome, label: 'Back to Dashboard' }}
    >
      <Card>
        <Stack>
          <StudentSelect
            label="Student"
            value={studentId}
            onChange={(id) => {
              setStudentId(id);
              setPinnedId(null);
              setDeleted(null);
            }}
            placeholder="-- Select a Student --"
            errorText="Error fetching students"
          />
          <TextField
            label="Session number"
            type="number"
            inputMode="numeric"
            min={1}
            placeholder="All sessions"
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value);
              setPinnedId(null);
            }}
          />
        </Stack>
      </Card>
      {studentId && deleted !== null && (
        <Message tone="success">{`Session ${deleted} deleted successfully`}</Message>
      )}
      {!studentId ? (
        <EmptyState>Choose a student to see their schedule.</EmptyState>
      ) : (
        <QueryView
          query={schedule}
          loading="Loading the schedule..."
          error="Error fetching schedule information"
          empty={
            filter ? `No session ${filter} in this schedule.` : 'This student has no sessions yet.'
          }
          isEmpty={() => sessions.length === 0}
        >
          {() => (
            <Stack>
              {sessions.map((session) => (
                <SessionEditor
                  // By id, not number: a renumbered session keeps its editor and its message.
                  key={session.session_id}
                  studentId={Number(studentId)}
                  session={session}
                  onSaveStart={() => setPinnedId(session.session_id)}
                  // The number filter follows a renumbered session.
                  onSaved={(number) => {
                    setDeleted(null);
                    setFilter((f) => (f.trim() ? String(number) : f));
                  }}
                  onDeleted={setDeleted}
                />
              ))}
            </Stack>
          )}
        </QueryView>
      )}
    </Screen>
  );
}
