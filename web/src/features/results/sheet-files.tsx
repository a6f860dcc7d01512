import { useState } from 'react';
import { call } from '../../api/client';
import { FileDownloadButton } from '../../components';
import { CsvExportButton } from '../../components/csv-export-button';
import { ActionRow, Button, Card, FormMessage, useFormOutcome } from '../../ui';
import { ImportMarksPopup } from './import-marks-popup';
import type { Sheet } from './use-results';

/**
 * The sheet out of the app and marks into it (issue 30, point 7): the sheet as CSV or XLSX
 * (student, username, a column per component, total, outcome), and a CSV of marks, previewed
 * before anything is saved. An export filled in a spreadsheet imports back.
 */
export function SheetFiles({ sheet }: { sheet: Sheet }) {
  const message = useFormOutcome();
  const [importing, setImporting] = useState(false);
  const place = { class_id: sheet.class.id, term_id: sheet.term.id };
  return (
    <Card title="Spreadsheets">
      <p>
        Take the sheet to a spreadsheet, or bring marks typed there: the import reads the export’s
        columns and saves the typed components’ scores.
      </p>
      <ActionRow>
        <CsvExportButton
          fetchCsv={() => call('exportResultSheet', place)}
          saved={(count) => `Exported the results of ${count} students.`}
          failed="The sheet could not be exported. Please try again."
          message={message}
        >
          Export (CSV)
        </CsvExportButton>
        <FileDownloadButton call="exportResultSheetXlsx" payload={place} kind="xlsx">
          Export (XLSX)
        </FileDownloadButton>
        <Button variant="secondary" onClick={() => setImporting(true)}>
          Import marks (CSV)
        </Button>
      </ActionRow>
      <FormMessage outcome={message} />
      <ImportMarksPopup
        sheet={sheet}
        open={importing}
        onClose={() => setImporting(false)}
        onSaved={(words) => message.succeed(words)}
      />
    </Card>
  );
}
