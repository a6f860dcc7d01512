import type { CallResponse } from '@academy/contract';
import { type ReactNode, useState } from 'react';
import { PICKER_FIRST_LIMIT, PICKER_SEARCH_LIMIT, useStudentPicker } from '../api/students';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { TextField } from '../ui/field';
import { useIsUnavailableOffline } from '../ui/query-view';
import { RecordSelect } from './record-select';
import styles from './student-select.module.css';

type Student = CallResponse<'userList'>[number];

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
  /**
   * A student the screen already knows by id and name (one picked on another screen), listed
   * while they are the value, whether or not the first page of students holds them.
   */
  known?: { id: number; name: string } | undefined;
}

/**
 * The admin's student picker: the spec's select, filled from user_list.php, with a search
 * field above it. Before anything is typed it lists the first 100 students by name (a small
 * academy's whole list); typing asks the server for the first 50 whose name or e-mail
 * matches, so a large academy never sends every student to a phone. The chosen student stays
 * chosen while the admin searches for someone else. The value is the student's id as text.
 */
export function StudentSelect({
  value,
  onChange,
  label = 'Student',
  showEmail = false,
  placeholder = '-- Select a User --',
  errorText = 'Error fetching students',
  extraOptions,
  name = 'user_id',
  known,
}: StudentSelectProps) {
  const [search, setSearch] = useState('');
  // The server is asked once typing pauses, not on every key.
  const settledSearch = useDebouncedValue(search);
  const { q, first, found } = useStudentPicker(settledSearch);
  const [chosen, setChosen] = useState<Student | null>(null);

  const isSearching = q !== '';
  const list = isSearching ? found : first;
  // Until the first matches arrive, the students already listed stay.
  const students = list.data ?? (isSearching ? (first.data ?? []) : []);
  const chosenStudent =
    chosen && String(chosen.id) === value
      ? chosen
      : known && String(known.id) === value
        ? { ...known, email: '' }
        : null;
  const options =
    chosenStudent && !students.some((s) => s.id === chosenStudent.id)
      ? [chosenStudent, ...students]
      : students;

  const isUnavailableOffline = useIsUnavailableOffline(isSearching ? found : first);
  let hint: string | undefined;
  if (isUnavailableOffline)
    hint = 'Students cannot be listed offline. They are listed once you are back online.';
  else if (first.isPending && !isSearching) hint = 'Loading students...';
  else if (isSearching && found.isFetching) hint = 'Searching...';
  else if (isSearching && found.data?.length === 0) hint = `No students match “${q}”.`;
  else if (isSearching && (found.data?.length ?? 0) >= PICKER_SEARCH_LIMIT)
    hint = `The first ${PICKER_SEARCH_LIMIT} matches: type more of the name to find others.`;
  else if (!isSearching && (first.data?.length ?? 0) >= PICKER_FIRST_LIMIT)
    hint = `The first ${PICKER_FIRST_LIMIT} students by name: search to find the others.`;

  return (
    <div className={styles.picker}>
      <StudentSearchField value={search} onChange={setSearch} />
      <RecordSelect
        label={label}
        name={name}
        value={value}
        onChange={(id, student) => {
          setChosen(student ?? null);
          onChange(id);
        }}
        hint={hint}
        disabled={!isSearching && first.isPending}
        placeholder={placeholder}
        extraOptions={extraOptions}
        records={options}
        optionText={(s) => (showEmail ? `${s.name} (${s.email})` : s.name)}
        failure={list.isError && errorText}
      />
    </div>
  );
}

/**
 * The search field of every student picker (this select and the checklist): typing narrows
 * the students by name or e-mail; Enter would send the form the picker sits in, so it does
 * nothing here.
 */
export function StudentSearchField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Search students"
      type="search"
      placeholder="Name or e-mail"
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.preventDefault();
      }}
    />
  );
}
