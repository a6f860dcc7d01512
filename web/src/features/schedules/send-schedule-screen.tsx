import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { paths } from '../../app/paths';
import { Button, Card, Message, Screen } from '../../ui';
import { StudentSelect } from '../users/student-select';
import styles from './schedules.module.css';
import { blankSession, type SessionDraft, SessionFields } from './session-fields';
import { useSaveSchedule } from './use-schedules';

interface Row extends SessionDraft {
  key: number;
}

let nextKey = 1;

function saveFailure(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError) return 'Error connecting to the server.';
  if (error instanceof ApiError && error.status < 500 && error.serverMessage)
    return error.serverMessage;
  return 'Error saving schedule.';
}

/** /send-schedule: a student's class sessions, as many as needed. */
export default function SendScheduleScreen() {
  const save = useSaveSchedule();
  const [studentId, setStudentId] = useState('');
  const [rows, setRows] = useState<Row[]>(() => [{ key: nextKey++, ...blankSession(1) }]);
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const update = (key: number, change: Partial<SessionDraft>) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const addRow = () =>
    setRows((list) => {
      const highest = Math.max(0, ...list.map((r) => Number(r.session_number) || 0));
      return [...list, { key: nextKey++, ...blankSession(highest + 1) }];
    });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const numbers = rows.map((r) => Number(r.session_number));
    const problem = !studentId
      ? 'Please choose a student.'
      : numbers.some((n) => !Number.isInteger(n) || n < 1)
        ? 'Each session needs a number from 1.'
        : new Set(numbers).size !== numbers.length
          ? 'Each session number can appear only once.'
          : null;
    if (problem) {
      setOutcome({ tone: 'error', text: problem });
      return;
    }
    setOutcome(null);
    save.mutate(
      {
        user_id: Number(studentId),
        schedule: rows.map(({ key: _key, ...row }) => ({
          ...row,
          session_number: Number(row.session_number),
        })),
      },
      {
        onSuccess: () => setOutcome({ tone: 'success', text: 'Schedule saved successfully!' }),
        onError: (error) => setOutcome({ tone: 'error', text: saveFailure(error) }),
      },
    );
  };

  return (
    <Screen
      title="Send Schedule"
      subtitle="Sessions already saved for the student are updated by number; the others stay."
      back={{ to: paths.adminHome, label: 'Back to Dashboard' }}
    >
      <Card>
        <form className={styles.form} onSubmit={handleSubmit} noValidate>
          <StudentSelect
            label="Student"
            value={studentId}
            onChange={setStudentId}
            placeholder="-- Select a Student --"
            errorText="Error fetching students"
          />
          {rows.map((row, index) => (
            <fieldset key={row.key} className={styles.session}>
              <legend className={styles.sessionHead}>{`Session ${index + 1}`}</legend>
              <SessionFields
                value={row}
                onChange={(change) => update(row.key, change)}
                labelPrefix={`Session ${index + 1}`}
              />
              <div>
                <Button
                  variant="ghost"
                  size="small"
                  disabled={rows.length === 1}
                  onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
                  aria-label={`Remove session ${index + 1}`}
                >
                  <Trash2 size={16} aria-hidden="true" /> Remove
                </Button>
              </div>
            </fieldset>
          ))}
          <div>
            <Button variant="secondary" onClick={addRow}>
              <Plus size={18} aria-hidden="true" /> Add session
            </Button>
          </div>
          {outcome && <Message tone={outcome.tone}>{outcome.text}</Message>}
          <Button type="submit" block disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Schedule'}
          </Button>
        </form>
      </Card>
    </Screen>
  );
}
