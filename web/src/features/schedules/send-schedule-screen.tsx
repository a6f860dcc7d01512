import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { failureText } from '../../api/failure-text';
import { StudentSelect } from '../../components';
import { paths } from '../../shared/paths';
import {
  Button,
  Card,
  ConfirmPopup,
  Form,
  FormMessage,
  Message,
  Screen,
  useFormOutcome,
} from '../../ui';

import { PatternPanel } from './pattern-panel';
import styles from './schedules.module.css';
import { blankSession, type SessionDraft, SessionFields } from './session-fields';
import { useSaveSchedule, useStudentSchedule } from './use-schedules';

interface Row extends SessionDraft {
  key: number;
}

let nextKey = 1;

const saveFailure = (error: unknown) =>
  failureText(error, {
    network: 'Error connecting to the server.',
    fallback: 'Error saving schedule.',
  });

function replacingText(numbers: number[]): string {
  const many = numbers.length > 1;
  return `This student already has ${many ? 'sessions' : 'session'} ${numbers.join(', ')}. Saving replaces ${many ? 'them' : 'it'} with what you entered.`;
}

const freshRows = (): Row[] => [{ key: nextKey++, ...blankSession(1) }];

/** /send-schedule: a student's class sessions, as many as needed. */
export default function SendScheduleScreen() {
  const save = useSaveSchedule();
  const [studentId, setStudentId] = useState('');
  // The student picked now, for a save that ends after the admin has picked another.
  const picked = useRef('');
  const existing = useStudentSchedule(studentId);
  const [rows, setRows] = useState<Row[]>(freshRows);
  // Numbers the student already has that this save would replace, while asking first.
  const [replacing, setReplacing] = useState<number[] | null>(null);
  // The rows are numbered after the last session of this student (set once their sessions are known).
  const [numberedFor, setNumberedFor] = useState('');
  const existingNumbers = (existing.data?.schedule ?? []).map((s) => s.session_number);
  const highestExisting = Math.max(0, ...existingNumbers);
  const numbers = rows.map((r) => Number(r.session_number));
  const outcome = useFormOutcome(() =>
    !studentId
      ? 'Please choose a student.'
      : numbers.some((n) => !Number.isInteger(n) || n < 1)
        ? 'Each session needs a number from 1.'
        : new Set(numbers).size !== numbers.length
          ? 'Each session number can appear only once.'
          : null,
  );

  // New sessions continue after the student's last one, so saving never replaces by accident.
  useEffect(() => {
    if (!existing.data || numberedFor === studentId) return;
    setNumberedFor(studentId);
    setRows((list) =>
      list.map((r, i) => ({ ...r, session_number: String(highestExisting + 1 + i) })),
    );
  }, [existing.data, numberedFor, studentId, highestExisting]);

  /**
   * The sessions typed belong to the student they were typed for: another student starts from
   * a fresh form of their own, numbered after their last session once it is known. (A save
   * starts the same student's form afresh too, after the sessions it saved.)
   */
  const startOver = (id: string) => {
    picked.current = id;
    setStudentId(id);
    setRows(freshRows());
    setNumberedFor('');
    setReplacing(null);
  };

  const update = (key: number, change: Partial<SessionDraft>) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const addRow = () =>
    setRows((list) => {
      const highest = Math.max(0, ...list.map((r) => Number(r.session_number) || 0));
      return [...list, { key: nextKey++, ...blankSession(highest + 1) }];
    });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome.check()) return;
    const clashes = numbers.filter((n) => existingNumbers.includes(n)).sort((a, b) => a - b);
    if (clashes.length > 0) {
      setReplacing(clashes);
      return;
    }
    saveRows();
  };

  const saveRows = () => {
    setReplacing(null);
    outcome.clear();
    const savedFor = studentId;
    // Their last session once this is saved: the next one typed continues after it.
    const highestSaved = Math.max(highestExisting, ...numbers);
    save.mutate(
      {
        user_id: Number(savedFor),
        schedule: rows.map(({ key: _key, ...row }) => ({
          ...row,
          session_number: Number(row.session_number),
        })),
      },
      {
        onSuccess: () => {
          if (picked.current !== savedFor) return;
          setRows([{ key: nextKey++, ...blankSession(highestSaved + 1) }]);
          outcome.succeed('Schedule saved successfully!');
        },
        onError: (error) => outcome.fail(saveFailure(error)),
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
        <Form onSubmit={handleSubmit} outcome={outcome}>
          <StudentSelect
            label="Student"
            value={studentId}
            onChange={startOver}
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
          <PatternPanel
            // Like the sessions, the pattern's words belong to the student picked.
            key={studentId}
            // Numbered after the student's last session, once their sessions are known.
            firstNumber={studentId && existing.data ? highestExisting + 1 : null}
            onMake={(sessions) =>
              setRows(
                sessions.map((s) => ({
                  key: nextKey++,
                  ...s,
                  session_number: String(s.session_number),
                })),
              )
            }
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
          <FormMessage outcome={outcome} />
          <Button
            type="submit"
            block
            // Until the student's sessions are known, a save could replace one unasked.
            disabled={save.isPending || (studentId !== '' && existing.isPending)}
          >
            {save.isPending ? 'Saving...' : 'Save Schedule'}
          </Button>
        </Form>
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
