import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { refusalOr } from '../../api/client';
import { paths } from '../../app/paths';
import { formatLongDate } from '../../lib/dates';
import { BackButton, Button, Card, Message, Screen } from '../../ui';
import styles from '../assignments/assignments.module.css';
import { useDownloadResult, useResults } from './use-corrections';

const back = { to: paths.userHome, label: 'Back to Home Screen', replace: true };

/** /assignment-results: the student's corrections, exactly as spec section 2 describes them. */
export default function AssignmentResultsScreen() {
  const results = useResults();
  const download = useDownloadResult();

  // The spec: "the error message text replaces the screen on fetch failure". A way home stays.
  if (results.isError && !results.data) {
    return (
      <main className={styles.replaced}>
        <p role="alert">{refusalOr(results.error, 'Failed to load the results.')}</p>
        <BackButton back={back} />
      </main>
    );
  }

  let body: ReactNode;
  if (results.isPending) body = <p role="status">Loading...</p>;
  else if (results.data.items.length === 0)
    body = <p>{results.data.message ?? 'No Results found.'}</p>;
  else {
    body = (
      <ul className={styles.list} aria-label="Results">
        {results.data.items.map((result) => (
          <li key={result.id}>
            <Card>
              <h2 className={styles.title}>{result.title}</h2>
              <p className={styles.meta}>
                <strong>Created At:</strong> {formatLongDate(result.created_at)}
              </p>
              <p className={styles.body}>{result.description || 'No description provided.'}</p>
              {result.files.length === 0 ? (
                <p className={styles.meta}>No files uploaded.</p>
              ) : (
                <>
                  <p>
                    <strong>Files:</strong>
                  </p>
                  <ul className={styles.fileLinks}>
                    {result.files.map((file, fileIndex) => (
                      // Links change on every read of the list; the position does not.
                      // biome-ignore lint/suspicious/noArrayIndexKey: a result's files keep their order.
                      <li key={fileIndex}>
                        <Button
                          variant="secondary"
                          size="small"
                          onClick={() => download.mutate({ resultId: result.id, fileIndex })}
                          disabled={
                            download.isPending &&
                            download.variables.resultId === result.id &&
                            download.variables.fileIndex === fileIndex
                          }
                          aria-label={`Download Result ${file.file_name}`}
                        >
                          <Download size={16} aria-hidden="true" /> Download Result
                        </Button>
                        <span className={styles.metaLine}>{file.file_name}</span>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Screen title="Assignment Results" back={back} backAtBottom>
      {download.isError && (
        <Message tone="error">Failed to download the file. Please try again.</Message>
      )}
      {body}
    </Screen>
  );
}
