import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { linkParams } from '../shared/paths';
import { ClassSelect } from './class-select';
import styles from './recipients-picker.module.css';
import { type ChosenStudent, StudentChecklist } from './student-checklist';
import { StudentSelect } from './student-select';

/** Who a send goes to: one student (the spec's select), several chosen students, or a class. */
export type Recipients =
  | { kind: 'student'; userId: string }
  | { kind: 'students'; chosen: ChosenStudent[] }
  | { kind: 'class'; classId: string };

/**
 * Where a send screen starts: a class when the link that opened it names one
 * (`?class=<id>`, from the class's page: hrefs.sendAssignmentTo), else the spec's one-student select.
 */
export function useStartingRecipients(): Recipients {
  const [params] = useSearchParams();
  const classId = params.get(linkParams.class);
  return classId && /^\d+$/.test(classId)
    ? { kind: 'class', classId }
    : { kind: 'student', userId: '' };
}

/** The payload fields of a choice (contract: recipientFields). */
export function recipientPayload(r: Recipients): {
  user_id?: string;
  user_ids?: string;
  class_id?: string;
} {
  if (r.kind === 'student') return { user_id: r.userId };
  if (r.kind === 'students') return { user_ids: JSON.stringify(r.chosen.map((s) => s.id)) };
  return { class_id: r.classId };
}

/** What is missing before sending, in the screen's words; null when someone is chosen. */
export function recipientsProblem(r: Recipients, missing = 'Please select a user.') {
  if (r.kind === 'student') return r.userId ? null : missing;
  if (r.kind === 'students')
    return r.chosen.length > 0 ? null : 'Please select at least one student.';
  return r.classId ? null : 'Please select a class.';
}

/**
 * A send screen's recipients, starting where useStartingRecipients says: `picker` is the
 * RecipientsPicker's value and change, `problem` what is missing, `payload` the send's fields,
 * and `sent` what a made send says: the spec's words for one student (`forOne`), else the
 * server's (`said`), which counts whom it reached.
 */
export function useRecipients() {
  const [value, setValue] = useState<Recipients>(useStartingRecipients());
  return {
    picker: { value, onChange: setValue },
    problem: recipientsProblem(value),
    payload: recipientPayload(value),
    sent: (forOne: string, said: string) => (value.kind === 'student' ? forOne : said),
  };
}

interface RecipientsPickerProps {
  value: Recipients;
  onChange: (value: Recipients) => void;
  /** The one-student select's label (the spec's 'User'). */
  studentLabel?: string;
  showEmail?: boolean;
  /** Extra options of the one-student select (the notification's 'All Students'). */
  extraOptions?: ReactNode;
}

const KINDS: { kind: Recipients['kind']; label: string }[] = [
  { kind: 'student', label: 'One student' },
  { kind: 'students', label: 'Several students' },
  { kind: 'class', label: 'A class' },
];

const empty = (kind: Recipients['kind']): Recipients =>
  kind === 'student'
    ? { kind, userId: '' }
    : kind === 'students'
      ? { kind, chosen: [] }
      : { kind, classId: '' };

/**
 * The send screens' choice of who: the spec's one-student select by default, or several
 * students, or a class, each student then getting their own copy.
 */
export function RecipientsPicker({
  value,
  onChange,
  studentLabel = 'User',
  showEmail = false,
  extraOptions,
}: RecipientsPickerProps) {
  return (
    <div className={styles.picker}>
      <fieldset className={styles.kinds}>
        <legend className={styles.legend}>Send to</legend>
        {KINDS.map(({ kind, label }) => (
          <label key={kind} className={styles.kind}>
            <input
              type="radio"
              name="recipients"
              checked={value.kind === kind}
              onChange={() => onChange(empty(kind))}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {value.kind === 'student' && (
        <StudentSelect
          label={studentLabel}
          value={value.userId}
          onChange={(userId) => onChange({ kind: 'student', userId })}
          showEmail={showEmail}
          extraOptions={extraOptions}
        />
      )}
      {value.kind === 'students' && (
        <StudentChecklist
          label="Students to send to"
          chosen={value.chosen}
          onChange={(chosen) => onChange({ kind: 'students', chosen })}
          offerClasses
        />
      )}
      {value.kind === 'class' && (
        <ClassSelect
          value={value.classId}
          onChange={(classId) => onChange({ kind: 'class', classId })}
        />
      )}
    </div>
  );
}
