import { failureText } from '../../api/failure-text';
import { saveBlob } from '../../lib/file-links';
import { type FormOutcome, SubmitButton } from '../../ui';
import { useExportUsers } from './use-users';

/** Exports every user as CSV (new), saved as a file; the screen's message says how many. */
export function ExportUsersButton({ message }: { message: FormOutcome }) {
  const exportUsers = useExportUsers();
  const handleExport = () =>
    exportUsers.mutate(undefined, {
      onSuccess: (answer) => {
        saveBlob(new Blob([answer.csv], { type: 'text/csv;charset=utf-8' }), answer.file_name);
        message.succeed(`Exported ${answer.count} users.`);
      },
      onError: (error) =>
        message.fail(
          failureText(error, { fallback: 'The users could not be exported. Please try again.' }),
        ),
    });
  return (
    <SubmitButton
      type="button"
      variant="secondary"
      onClick={handleExport}
      busy={exportUsers.isPending}
      busyLabel="Exporting..."
    >
      Export users (CSV)
    </SubmitButton>
  );
}
