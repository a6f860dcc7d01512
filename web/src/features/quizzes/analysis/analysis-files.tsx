import { call } from '../../../api/client';
import { FileDownloadButton } from '../../../components';
import { CsvExportButton } from '../../../components/csv-export-button';
import { ActionRow, FormMessage, useFormOutcome } from '../../../ui';

/** The analysis to a spreadsheet: the items as CSV, or as XLSX with the marks on a second sheet. */
export function AnalysisFiles({ quizId }: { quizId: number }) {
  const message = useFormOutcome();
  const payload = { quiz_id: quizId };
  return (
    <>
      <ActionRow>
        <CsvExportButton
          fetchCsv={() => call('exportQuizAnalysis', payload)}
          saved={(count) => `Exported the analysis of ${count} ${count === 1 ? 'item' : 'items'}.`}
          failed="The analysis could not be exported. Please try again."
          message={message}
        >
          Download (CSV)
        </CsvExportButton>
        <FileDownloadButton call="exportQuizAnalysisXlsx" payload={payload} kind="xlsx">
          Download (XLSX)
        </FileDownloadButton>
      </ActionRow>
      <FormMessage outcome={message} />
    </>
  );
}
