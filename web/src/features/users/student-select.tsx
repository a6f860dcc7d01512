import type { ReactNode } from 'react';
import { Message, SelectField } from '../../ui';
import { useStudents } from './use-students';
import styles from './users.module.css';

interface StudentSelectProps {
  value: string;
  onChange: (studentId: string) => void;
  label?: ReactNode;
  /** 'Name (email)' where the spec shows the e-mail (send notification); the name elsewhere. */
  showEmail?: boolean;
  /** The first, empty option. */
  placeholder?: string;
  /** Shown when the list cannot be loaded (each screen has its own spec text). */
  errorText?: string;
  /** Extra options after the placeholder (e.g. 'All students'). */
  extraOptions?: ReactNode;
  name?: string;
}

/** The admin's student picker, filled from user_list.php. The value is the student's id as text. */
export function StudentSelect({
  value,
  onChange,
  label = 'Student',
  showEmail = false,
  placeholder = '-- Select a User --',
  errorText = 'Error fetching students',
  extraOptions,
  name = 'user_id',
}: StudentSelectProps) {
  const students = useStudents();
  return (
    <div className={styles.picker}>
      <SelectField
        label={label}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        hint={students.isPending ? 'Loading students...' : undefined}
        disabled={students.isPending}
      >
        <option value="">{placeholder}</option>
        {extraOptions}
        {students.data?.map((s) => (
          <option key={s.id} value={String(s.id)}>
            {showEmail ? `${s.name} (${s.email})` : s.name}
          </option>
        ))}
      </SelectField>
      {/* An error, announced at once: without the list the form cannot be used. */}
      {students.isError && <Message tone="error">{errorText}</Message>}
    </div>
  );
}
