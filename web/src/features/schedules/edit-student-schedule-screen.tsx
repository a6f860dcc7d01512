import { useState } from 'react';
import { ApiError } from '../../api/client';
import { paths } from '../../app/paths';
import { Button, Card, EmptyState, Loading, Message, Screen, Stack, TextField } from '../../ui';
import { StudentSelect } from '../users/student-select';
import styles from './schedules.module.css';
import { type SessionDraft, SessionFields } from './session-fields';
import { useStudentSchedule, useUpdateSession } from './use-schedules';

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
}

/** One session, edited in place and saved on its own. */
function SessionEditor({ studentId, session, onSaveStart, onSaved }: SessionEditorProps) {
  const update = useUpdateSession();
  const [draft, setDraft] = useState(() => draftOf(session));
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const handleSave = () => {
    const number = Number(draft.session_number);
    if (!Number.isInteger(number) || number < 1) {
      setOutcome({ tone: 'error', text: 'Each session needs a number from 1.' });
      return;
    }
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
          setOutcome({ tone: 'success', text: 'Session updated successfully' });
          onSaved(number);
        },
        onError: (error) =>
          setOutcome({
            tone: 'error',
            text:
              error instanceof ApiError && error.status === 409 && error.serverMessage
                ? `Error updating session: ${error.serverMessage}`
                : 'Error updating session',
          }),
      },
    );
  };

  return (
    <fieldset className={styles.session}>
      <legend className={styles.sessionHead}>{`Session ${session.session_number}`}</legend>
      <SessionFields
        value={draft}
        onChange={(change) => setDraft((d) => ({ ...d, ...change }))}
        labelPrefix={`Session ${session.session_number}`}
      />
      {outcome && <Message tone={outcome.tone}>{outcome.text}</Message>}
      <div>
        <Button size="small" onClick={handleSave} disabled={update.isPending}>
          {update.isPending ? 'Saving...' : `Save session ${session.session_number}`}
        </Button>
      </div>
    </fieldset>
  );
}

/** /edit-student-schedule: pick a student, find a session by number, edit it in place. */
export default function EditStudentScheduleScreen() {
  const [studentId, setStudentId] = useState('');
  const [filter, setFilter] = useState('');
  // The session being saved stays in view while its number changes under the filter.
  const [pinnedId, setPinnedId] = useState<number | null>(null);
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
      {!studentId ? (
        <EmptyState>Choose a student to see their schedule.</EmptyState>
      ) : schedule.isPending ? (
        <Loading>Loading the schedule...</Loading>
      ) : schedule.isError ? (
        <Message tone="error">Error fetching schedule information</Message>
      ) : sessions.length === 0 ? (
        <EmptyState>
          {filter ? `No session ${filter} in this schedule.` : 'This student has no sessions yet.'}
        </EmptyState>
      ) : (
        <Stack>
          {sessions.map((session) => (
            <SessionEditor
              // By id, not number: a renumbered session keeps its editor and its message.
              key={session.session_id}
              studentId={Number(studentId)}
              session={session}
              onSaveStart={() => setPinnedId(session.session_id)}
              // The number filter follows a renumbered session.
              onSaved={(number) => setFilter((f) => (f.trim() ? String(number) : f))}
            />
          ))}
        </Stack>
      )}
    </Screen>
  );
}
