import type { CallResponse } from '@academy/contract';
import { genderWord } from '../../lib/genders';
import { type Column, Message, Table } from '../../ui';
import styles from './users.module.css';

type Row = CallResponse<'previewUserImport'>['rows'][number];

const STATUS_WORDS: Record<Row['status'], string> = {
  problem: 'Skipped',
  already_here: 'Already here',
  new: 'New',
  repeat: 'Repeat',
};

/** The role column's words: the server reads them as student or teacher, or passes on another. */
const ROLE_OF_ROW: Record<string, string> = { student: 'Student', teacher: 'Teacher' };

const columns: Column<Row>[] = [
  { header: 'Row', kind: 'short', cell: (r) => r.row },
  {
    header: 'Status',
    kind: 'short',
    className: (r) => (r.status === 'problem' ? styles.problem : styles.status),
    cell: (r) => STATUS_WORDS[r.status],
  },
  { header: 'Name', cell: (r) => r.name },
  {
    header: 'Username',
    cell: (r) => (r.username_made ? `${r.username} (made from the name)` : r.username),
  },
  { header: 'Email', cell: (r) => r.email },
  { header: 'Gender', kind: 'short', cell: (r) => (r.gender ? r.gender : genderWord(r.gender)) },
  { header: 'Role', kind: 'short', cell: (r) => ROLE_OF_ROW[r.role] ?? r.role },
  // A student's row puts them in the class; a teacher's gives them the class to teach.
  { header: 'Class', cell: (r) => r.class },
  { header: 'Password', kind: 'short', cell: (r) => (r.has_password ? 'Given' : 'Generated') },
  // One guardian a row (issue 31), added with a new student: its number as it will be kept.
  {
    header: 'Guardian',
    cell: (r) =>
      r.guardian
        ? [r.guardian.name, r.guardian.phone, r.guardian.email].filter(Boolean).join(', ')
        : '',
  },
  {
    header: 'Problems',
    kind: 'text',
    className: (r) => (r.problems.length ? styles.problem : undefined),
    cell: (r) =>
      r.same_as !== null
        ? `Same as row ${r.same_as}: imported once`
        : r.problems.length === 0
          ? 'None'
          : r.problems.join('; '),
  },
];

/** What importing the chosen file would do: the server's summary, then every row and its fate. */
export function ImportPreview({ checked }: { checked: CallResponse<'previewUserImport'> }) {
  return (
    <>
      <Message
        tone={
          !checked.ready
            ? 'error'
            : checked.rows.some((r) => r.status === 'problem')
              ? 'info'
              : 'success'
        }
      >
        {checked.message}
      </Message>
      <Table
        label="Students in the file"
        columns={columns}
        rows={checked.rows}
        rowKey={(r) => r.row}
      />
    </>
  );
}
