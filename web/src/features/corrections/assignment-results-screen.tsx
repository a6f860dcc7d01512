import { Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { refusalOr } from '../../api/client';
import { paths } from '../../app/paths';
import { formatLongDate } from '../../lib/dates';
import { downloadFile } from '../../lib/file-links';
import { Button, Card, Message, Screen } from '../../ui';
import styles from '../assignments/assignments.module.css';
import { useResults } from './use-corrections';

const back = { to: paths.userHome, label: 'Back to Home Screen', replace: true };

/** /assignment-results: the student's corrections, exactly as spec section 2 describes them. */
export default function AssignmentResultsScreen() {
  const results = useResults();
  const [downloadProblem, setDownloadProblem] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  const handleDownload = async (fileUrl: string, fileName: string) => {
    setDownloadProblem(null);
    setDownloading(fileUrl);
    try {
      await downloadFile(fileUrl, fileName);
    } catch {
      setDownloadProblem('Failed to download the file. Please try again.');
    } finally {
      setDownloading(null);
    }
  };

  let body: ReactNode;
  if (results.isPending) body = <p role="status">Loading...</p>;
  else if (results.isError && !results.data)
    body = (
      <Message tone="error">{refusalOr(results.error, 'Failed to load the results.')}</Message>
    );
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
                    {result.files.map((file) => (
                      <li key={file.file_url}>
                        <Button
                          variant="secondary"
                          size="small"
                          onClick={() => void handleDownload(file.file_url, file.file_name)}
                          disabled={downloading === file.file_url}
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
      {downloadProblem && <Message tone="error">{downloadProblem}</Message>}
      {body}
    </Screen>
  );
}
