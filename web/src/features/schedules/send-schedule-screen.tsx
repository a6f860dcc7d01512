import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, refusalOr } from '../../api/client';
import { paths } from '../../app/paths';
import { Button, Card, ConfirmPopup, Message, Screen } from '../../ui';
import { StudentSelect } from '../users/student-select';
import styles from './schedules.module.css';
import { blankSession, type SessionDraft, SessionFields } from './session-fields';
import { useSaveSchedule, useStudentSchedule } from './use-schedules';

interface Row extends SessionDraft {
  key: number;
}

let nextKey = 1;

function saveFailure(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError) return 'Error connecting to the server.';
  return refusalOr(error, 'Error saving schedule.');
}

function replacingText(numbers: number[]): string {
  const many = numbers.length > 1;
  return `This student already has ${many ? 'sessions' : 'session'} ${numbers.join(', ')}. Saving replaces ${many ? 'them' : 'it'} with what you entered.`;
}

/** /send-schedule: a student's class sessions, as many as needed. */
export default function SendScheduleScreen() {
  const save = useSaveSchedule();
  const [studentId, setStudentId] = useState('');
  const existing = useStudentSchedule(studentId);
  const [rows, setRows] = useState<Row[]>(() => [{ key: nextKey++, ...blankSession(1) }]);
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  // Numbers the student already has that this save would replace, while asking first.
  const [replacing, setReplacing] = useState<number[] | null>(null);
  const [numberedFor, setNumberedFor] = useState('');
  const existingNumbers = (existing.data?.schedule ?? []).map((s) => s.session_number);
  const highestExisting = Math.max(0, ...existingNumbers);

  // New sessions continue after the student's last one, so saving never replaces by accident.
  useEffect(() => {
    if (!existing.data || numberedFor === studentId) return;
    setNumberedFor(studentId);
    setRows((list) =>
      list.map((r, i) => ({ ...r, session_number: String(highestExisting + 1 + i) })),
    );
  }, [existing.data, numberedFor, studentId, highestExisting]);

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
    const clashes = numbers.filter((n) => existingNumbers.includes(n)).sort((a, b) => a - b);
    if (clashes.length > 0) {
      setReplacing(clashes);
      return;
    }
    saveRows();
  };

  const saveRows = () => {
    setReplacing(null);
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
          {studentId && existing.isError && (
            <Message tone="error">Error fetching schedule information</Message>
          )}
          {studentId && existing.data && (
            <p className={styles.note}>
              {existingNumbers.length === 0
                ? 'This student has no sessions yet.'
                : `This student has ${existingNumbers.length} ${existingNumbers.length === 1 ? 'session' : 'sessions'}, up to session ${highestExisting}.`}
            </p>
          )}
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
          <Button
            type="submit"
            block
            // Until the student's sessions are known, a save could replace one unasked.
            disabled={save.isPending || (studentId !== '' && existing.isPending)}
          >
            {save.isPending ? 'Saving...' : 'Save Schedule'}
          </Button>
        </form>
      </Card>
      <ConfirmPopup
        open={replacing !== null}
        title="Replace existing sessions?"
        confirmLabel="Yes, Replace"
        onConfirm={saveRows}
        onCancel={() => setReplacing(null)}
      >
        <p>{replacingText(replacing ?? [])}</p>
      </ConfirmPopup>
    </Screen>
  );
}
