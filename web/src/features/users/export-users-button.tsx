import { call } from '../../api/client';
import { CsvExportButton } from '../../components/csv-export-button';
import type { FormOutcome } from '../../ui';

/** Exports every user as CSV (new), saved as a file; the screen's message says how many. */
export function ExportUsersButton({ message }: { message: FormOutcome }) {
  return (
    <CsvExportButton
      fetchCsv={() => call('exportUsers', {})}
      saved={(count) => `Exported ${count} users.`}
      failed="The users could not be exported. Please try again."
      message={message}
    >
      Export users (CSV)
    </CsvExportButton>
  );
}
