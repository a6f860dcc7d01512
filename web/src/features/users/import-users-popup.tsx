import { IMPORT_MAX_ROWS } from '@academy/contract/constants';
import { explainFailure } from '../../api/failure-text';
import { CsvImportPopup, useCsvFile } from '../../components';
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
  const file = useCsvFile(preview, (answer) => answer.rows.some((r) => r.status === 'problem'));
  const { csv } = file;
  const checked = preview.data;

  const close = () => {
    file.reset();
    importUsers.reset();
    onClose();
  };

  const runImport = () => {
    if (!csv || !checked?.ready) return;
    importUsers.mutate(
      csv,
      file.outcome.reports(
        explainFailure('The students could not be imported. Please try again.'),
        (message) => {
          close();
          onStarted(message);
        },
      ),
    );
  };

  const count = checked?.new_count ?? 0;
  return (
    <CsvImportPopup
      open={open}
      title="Import students from a CSV file"
      onClose={close}
      file={file}
      about={
        <>
          The first row names the columns: name (or First Name and Last Name), email and,
          optionally, gender (male or female, M or F; where none is given it can be set later on
          Edit), username (one is made from the name where none is given), password (at least 8
          characters; one is generated where none is given), class (a class in use), role (student,
          the default, or teacher: a teacher's class is a class they teach) and one guardian a
          student: Guardian Name, with Guardian Phone (as dialled in the academy's country, set on
          Settings, or with + and the country code) or Guardian Email, or both. More guardians are
          added on a student's page. At most {IMPORT_MAX_ROWS} rows at a time. Those who already
          have an account are left as they are (no guardian is added to them); a row repeated
          exactly is imported once; rows with problems are skipped.
        </>
      }
      run={{
        label: checked?.ready
          ? `Import ${count} ${count === 1 ? 'student' : 'students'}`
          : 'Import',
        busy: importUsers.isPending,
        busyLabel: 'Starting...',
        disabled: !checked?.ready,
        onRun: runImport,
      }}
    >
      {checked && <ImportPreview checked={checked} />}
    </CsvImportPopup>
  );
}
