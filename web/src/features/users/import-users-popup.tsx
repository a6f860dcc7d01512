import { IMPORT_MAX_ROWS } from '@academy/contract/constants';
import { failureText } from '../../api/failure-text';
import { useCsvFile } from '../../components';
import {
  Button,
  FilePicker,
  FormMessage,
  Message,
  Popup,
  Stack,
  SubmitButton,
  useFormOutcome,
} from '../../ui';
import { ImportPreview } from './import-preview';
import { useImportUsers, usePreviewImport } from './use-users';

/**
 * Import students from a CSV file (a school's own export: name or First Name and Last Name,
 * M/F, usernames optional; a role column may make some rows teachers; one guardian a student
 * may come along): choose it, see what happens to every row (read and checked on
 * the server; rows with problems first, students already here marked), then import the new
 * ones. The import runs as a job the users screen follows (import-jobs-panel.tsx), where the
 * new students' passwords wait until the administrator dismisses them.
 */
export function ImportUsersPopup({
  open,
  onClose,
  onStarted,
}: {
  open: boolean;
  onClose: () => void;
  /** The import has started: the users screen shows its progress. */
  onStarted: (message: string) => void;
}) {
  const preview = usePreviewImport();
  const importUsers = useImportUsers();
  const outcome = useFormOutcome();
  const file = useCsvFile(preview, outcome, (answer) =>
    answer.rows.some((r) => r.status === 'problem'),
  );
  const { csv } = file;
  const checked = preview.data;

  const close = () => {
    file.reset();
    importUsers.reset();
    onClose();
  };

  const runImport = () => {
    if (!csv || !checked?.ready) return;
    importUsers.mutate(csv, {
      onSuccess: (answer) => {
        close();
        onStarted(answer.message);
      },
      onError: (error) =>
        outcome.fail(
          failureText(error, { fallback: 'The students could not be imported. Please try again.' }),
        ),
    });
  };

  const count = checked?.new_count ?? 0;
  return (
    <Popup
      open={open}
      title="Import students from a CSV file"
      onClose={close}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <SubmitButton
            type="button"
            onClick={runImport}
            busy={importUsers.isPending}
            busyLabel="Starting..."
            disabled={!checked?.ready || preview.isPending}
          >
            {checked?.ready ? `Import ${count} ${count === 1 ? 'student' : 'students'}` : 'Import'}
          </SubmitButton>
        </>
      }
    >
      <Stack>
        <p>
          The first row names the columns: name (or First Name and Last Name), email, gender (male
          or female, M or F) and, optionally, username (one is made from the name where none is
          given), password (at least 8 characters; one is generated where none is given), class (a
          class in use), role (student, the default, or teacher: a teacher's class is a class they
          teach) and one guardian a student: Guardian Name, with Guardian Phone (with + and the
          country code, such as +44 7700 900123) or Guardian Email, or both. More guardians are
          added on a student's page. At most {IMPORT_MAX_ROWS} rows at a time. Those who already
          have an account are left as they are (no guardian is added to them); rows with problems
          are skipped.
        </p>
        <FilePicker
          label="CSV file"
          accept=".csv,text/csv"
          files={file.files}
          onChange={file.choose}
          disabled={importUsers.isPending}
        />
        {preview.isPending && <Message tone="info">Checking the file...</Message>}
        <FormMessage outcome={outcome} />
        {checked && <ImportPreview checked={checked} />}
      </Stack>
    </Popup>
  );
}
