import type { CallResponse } from '@academy/contract';
import { IMPORT_MAX_CHARS, IMPORT_MAX_ROWS } from '@academy/contract/constants';
import { useState } from 'react';
import { failureText } from '../../api/failure-text';
import { saveBlob } from '../../lib/file-links';
import {
  Button,
  type Column,
  FilePicker,
  FormMessage,
  Message,
  Popup,
  Stack,
  Table,
  useFormOutcome,
} from '../../ui';
import { useImportUsers, usePreviewImport } from './use-users';
import styles from './users.module.css';

type Row = CallResponse<'previewUserImport'>['rows'][number];
type Imported = CallResponse<'importUsers'>;

const columns: Column<Row>[] = [
  { header: 'Row', kind: 'short', cell: (r) => r.row },
  { header: 'Name', cell: (r) => r.name },
  { header: 'Username', cell: (r) => r.username },
  { header: 'Email', cell: (r) => r.email },
  { header: 'Gender', kind: 'short', cell: (r) => r.gender },
  { header: 'Password', kind: 'short', cell: (r) => (r.has_password ? 'Given' : 'Generated') },
  {
    header: 'Problems',
    kind: 'text',
    className: (r) => (r.problems.length ? styles.problem : undefined),
    cell: (r) => (r.problems.length === 0 ? 'None' : r.problems.join('; ')),
  },
];

/**
 * Import students from a CSV file: choose it, see every row with its problems (read and
 * checked on the server), import when every row is good, then download the new credentials,
 * which are shown only this once.
 */
export function ImportUsersPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const preview = usePreviewImport();
  const importUsers = useImportUsers();
  const [files, setFiles] = useState<File[]>([]);
  const [csv, setCsv] = useState<string | null>(null);
  const [imported, setImported] = useState<Imported | null>(null);
  const outcome = useFormOutcome();
  const checked = preview.data;

  const close = () => {
    setFiles([]);
    setCsv(null);
    setImported(null);
    preview.reset();
    importUsers.reset();
    outcome.clear();
    onClose();
  };

  const choose = async (chosen: File[]) => {
    setFiles(chosen);
    setCsv(null);
    setImported(null);
    preview.reset();
    outcome.clear();
    const file = chosen[0];
    if (!file) return;
    const text = await file.text();
    if (text.length > IMPORT_MAX_CHARS) {
      outcome.fail(
        `The file is too large: at most ${IMPORT_MAX_CHARS.toLocaleString('en-US')} characters. Split it into smaller files.`,
      );
      return;
    }
    setCsv(text);
    // A file with problems is fixed and chosen again, often under the same name: the picker
    // lets it go, or the browser would see no change when the same file is chosen.
    preview.mutate(text, {
      onSuccess: (answer) => {
        if (!answer.ready) setFiles([]);
      },
      onError: (error) => {
        setFiles([]);
        outcome.fail(
          failureText(error, { fallback: 'The file could not be read. Please try again.' }),
        );
      },
    });
  };

  const runImport = () => {
    if (!csv || !checked?.ready) return;
    importUsers.mutate(csv, {
      onSuccess: (answer) => {
        setImported(answer);
        outcome.clear();
      },
      onError: (error) =>
        outcome.fail(
          failureText(error, { fallback: 'The students could not be imported. Please try again.' }),
        ),
    });
  };

  const downloadCredentials = () => {
    if (!imported) return;
    saveBlob(
      new Blob([imported.credentials_csv], { type: 'text/csv;charset=utf-8' }),
      'new-students-passwords.csv',
    );
  };

  return (
    <Popup
      open={open}
      title="Import students from a CSV file"
      onClose={close}
      actions={
        imported ? (
          <>
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
            <Button onClick={downloadCredentials}>Download passwords (CSV)</Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              onClick={runImport}
              disabled={!checked?.ready || importUsers.isPending || preview.isPending}
            >
              {importUsers.isPending
                ? 'Importing...'
                : checked?.ready
                  ? `Import ${checked.rows.length} students`
                  : 'Import'}
            </Button>
          </>
        )
      }
    >
      {imported ? (
        <Stack>
          <Message tone="success">{imported.message}</Message>
          <p>
            The file lists each new student's username and password to hand out. Passwords are not
            kept in a form anyone can read again: once this popup is closed, they cannot be
            downloaded any more (a password can still be reset).
          </p>
        </Stack>
      ) : (
        <Stack>
          <p>
            The first row names the columns: name, username, email, gender (male or female) and,
            optionally, password (at least 8 characters; one is generated where none is given). At
            most {IMPORT_MAX_ROWS} students at a time. Nothing is imported until every row is good.
          </p>
          <FilePicker
            label="CSV file"
            accept=".csv,text/csv"
            files={files}
            onChange={(chosen) => void choose(chosen)}
            disabled={importUsers.isPending}
          />
          {preview.isPending && <Message tone="info">Checking the file...</Message>}
          {importUsers.isPending && (
            <Message tone="info">
              Importing {checked?.rows.length} students. This can take a few seconds...
            </Message>
          )}
          <FormMessage outcome={outcome} />
          {checked && !importUsers.isPending && (
            <>
              <Message tone={checked.ready ? 'success' : 'error'}>
                {checked.ready ? `${files[0]?.name ?? 'The file'}: ` : ''}
                {checked.message}
              </Message>
              <Table
                label="Students in the file"
                columns={columns}
                rows={checked.rows}
                rowKey={(r) => r.row}
              />
            </>
          )}
        </Stack>
      )}
    </Popup>
  );
}
