import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { failureText } from '../api/failure-text';
import { saveBlob } from '../lib/file-links';
import { type FormOutcome, SubmitButton } from '../ui';

/** What every export call answers: a CSV the server wrote, its file name and how many rows. */
export interface CsvFile {
  csv: string;
  file_name: string;
  count: number;
}

/**
 * Fetches a CSV from the server and saves it as a file (users, a class's attendance, the
 * absence warnings): the one way the app hands out a spreadsheet. The screen's message says
 * how many rows went, in `saved`'s words, or why none did.
 */
export function CsvExportButton({
  fetchCsv,
  saved,
  failed,
  message,
  children,
}: {
  fetchCsv: () => Promise<CsvFile>;
  saved: (count: number) => string;
  failed: string;
  message: FormOutcome;
  children: ReactNode;
}) {
  const exporting = useMutation({ mutationFn: fetchCsv });
  const handleExport = () =>
    exporting.mutate(undefined, {
      onSuccess: (answer) => {
        saveBlob(new Blob([answer.csv], { type: 'text/csv;charset=utf-8' }), answer.file_name);
        message.succeed(saved(answer.count));
      },
      onError: (error) => message.fail(failureText(error, { fallback: failed })),
    });
  return (
    <SubmitButton
      type="button"
      variant="secondary"
      onClick={handleExport}
      busy={exporting.isPending}
      busyLabel="Exporting..."
    >
      {children}
    </SubmitButton>
  );
}
