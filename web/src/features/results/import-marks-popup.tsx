import { useMutation } from '@tanstack/react-query';
import { call } from '../../api/client';
import { explainFailure } from '../../api/failure-text';
import { CsvImportPopup, useCsvFile } from '../../components';
import { Message } from '../../ui';
import styles from './results.module.css';
import { type Sheet, useSaveScores } from './use-results';

/**
 * Marks from a CSV, as the users' import: choose the file, see what happens to every row
 * (read and checked on the server, rows with problems first, nothing written), then save the
 * rows without problems through the sheet's one save call.
 */
export function ImportMarksPopup({
  sheet,
  open,
  onClose,
  onSaved,
}: {
  sheet: Sheet;
  open: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const place = { class_id: sheet.class.id, term_id: sheet.term.id };
  const preview = useMutation({
    mutationFn: (csv: string) => call('previewResultImport', { ...place, csv }),
  });
  const save = useSaveScores(place.class_id, place.term_id);
  const file = useCsvFile(preview, (answer) => answer.rows.some((r) => r.problems.length > 0));
  const checked = preview.data;

  const close = () => {
    file.reset();
    onClose();
  };

  const ready = (checked?.rows ?? [])
    .filter((row) => row.problems.length === 0 && row.student_id !== null)
    .flatMap((row) =>
      row.scores.map((s) => ({
        student_id: row.student_id as number,
        component_key: s.component_key,
        score: s.score,
      })),
    );

  const runSave = () =>
    save.mutate(
      ready,
      file.outcome.reports(
        explainFailure('The marks could not be saved. Please try again.'),
        (message) => {
          close();
          onSaved(message);
        },
      ),
    );

  return (
    <CsvImportPopup
      open={open}
      title="Import marks from a CSV file"
      onClose={close}
      file={file}
      about="The first row names the columns: student (or username), then the components to import, as the sheet’s export names them. Scores are from 0 to 100; an empty cell leaves the score as it is. Rows with problems are skipped."
      run={{
        label:
          ready.length > 0
            ? `Save ${ready.length} ${ready.length === 1 ? 'score' : 'scores'}`
            : 'Save',
        busy: save.isPending,
        busyLabel: 'Saving...',
        disabled: ready.length === 0,
        onRun: runSave,
      }}
    >
      {checked && (
        <>
          <Message tone={ready.length > 0 ? 'info' : 'error'}>{checked.message}</Message>
          {checked.ignored.length > 0 && <p>Left as they are: {checked.ignored.join('; ')}.</p>}
          <ul className={styles.rows} aria-label="Rows of the file">
            {checked.rows.map((row) => (
              <li key={row.row}>
                <span className={styles.componentName}>
                  Row {row.row}: {row.student || 'no student'}
                </span>{' '}
                {row.problems.length > 0
                  ? row.problems.join(' ')
                  : row.scores.map((s) => `${s.component} ${s.score}`).join(' · ') ||
                    'nothing to save'}
              </li>
            ))}
          </ul>
        </>
      )}
    </CsvImportPopup>
  );
}
