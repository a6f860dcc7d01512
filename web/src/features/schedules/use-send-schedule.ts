import { type FormEvent, useEffect, useRef, useState } from 'react';
import { explainFailure } from '../../api/failure-text';
import { useConfirm, useFormOutcome } from '../../ui';
import { useSaveSchedule, useStudentSchedule } from './use-schedules';
import { useSessionRows } from './use-session-rows';

const saveFailure = explainFailure({
  network: 'Error connecting to the server.',
  fallback: 'Error saving schedule.',
});

/** What the question before a save says: the numbers it would replace. */
export function replacingText(numbers: number[]): string {
  const many = numbers.length > 1;
  return `This student already has ${many ? 'sessions' : 'session'} ${numbers.join(', ')}. Saving replaces ${many ? 'them' : 'it'} with what you entered.`;
}

/**
 * The send form's state: the student, their saved sessions, the sessions typed for them, the
 * save, and the question asked first when the save would replace sessions they have.
 */
export function useSendSchedule() {
  const save = useSaveSchedule();
  const [studentId, setStudentId] = useState('');
  // The student picked now, for a save that ends after the admin has picked another.
  const picked = useRef('');
  const existing = useStudentSchedule(studentId);
  const rows = useSessionRows();
  // The rows are numbered after the last session of this student (set once their sessions are known).
  const [numberedFor, setNumberedFor] = useState('');
  const existingNumbers = (existing.data?.schedule ?? []).map((s) => s.session_number);
  const highestExisting = Math.max(0, ...existingNumbers);
  const { numbers } = rows;
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
  const { numberFrom } = rows;
  useEffect(() => {
    if (!existing.data || numberedFor === studentId) return;
    setNumberedFor(studentId);
    numberFrom(highestExisting + 1);
  }, [existing.data, numberedFor, studentId, highestExisting, numberFrom]);

  const saveRows = () => {
    outcome.clear();
    const savedFor = studentId;
    // Their last session once this is saved: the next one typed continues after it.
    const highestSaved = Math.max(highestExisting, ...numbers);
    save.mutate(
      {
        user_id: Number(savedFor),
        schedule: rows.rows.map(({ key: _key, ...row }) => ({
          ...row,
          session_number: Number(row.session_number),
        })),
      },
      {
        onSuccess: () => {
          if (picked.current !== savedFor) return;
          rows.startFresh(highestSaved + 1);
          outcome.succeed('Schedule saved successfully!');
        },
        onError: (error) => outcome.fail(saveFailure(error)),
      },
    );
  };

  // Numbers the student already has that this save would replace, while asking first.
  const replacing = useConfirm<number[]>((_numbers, close) => {
    close();
    saveRows();
  });

  return {
    studentId,
    existing,
    existingNumbers,
    highestExisting,
    rows,
    outcome,
    save,
    replacing,
    /**
     * The sessions typed belong to the student they were typed for: another student starts from
     * a fresh form of their own, numbered after their last session once it is known. (A save
     * starts the same student's form afresh too, after the sessions it saved.)
     */
    pickStudent: (id: string) => {
      picked.current = id;
      setStudentId(id);
      rows.startFresh(1);
      setNumberedFor('');
      replacing.close();
    },
    handleSubmit: (event: FormEvent) => {
      event.preventDefault();
      if (!outcome.check()) return;
      const clashes = numbers.filter((n) => existingNumbers.includes(n)).sort((a, b) => a - b);
      if (clashes.length > 0) replacing.ask(clashes);
      else saveRows();
    },
  };
}
