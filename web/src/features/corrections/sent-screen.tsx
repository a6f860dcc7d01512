import { FileText, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { paths } from '../../app/paths';
import { formatLongDate } from '../../lib/dates';
import { resolveFileUrl } from '../../lib/file-links';
import {
  Button,
  Card,
  ConfirmPopup,
  EmptyState,
  Loading,
  Message,
  Pager,
  Screen,
  Stack,
} from '../../ui';
import styles from '../assignments/assignments.module.css';
import { useDeleteCorrection, useSentCorrections } from './use-corrections';

function deleteFailure(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500)
    return 'Failed to remove assignment.';
  return 'An error occurred while removing the assignment. Please try again.';
}

/**
 * /sent: the corrections sent to students, newest first, 50 to a page, each deletable after a
 * confirmation.
 */
export default function SentScreen() {
  const [page, setPage] = useState(1);
  const sent = useSentCorrections(page);
  const remove = useDeleteCorrection();
  const [toDelete, setToDelete] = useState<{ id: number; title: string } | null>(null);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  // Deleting the last correction of a later page leaves it empty: show the page before.
  const isEmptyLaterPage = page > 1 && sent.data?.items.length === 0 && !sent.isPlaceholderData;
  useEffect(() => {
    if (isEmptyLaterPage) setPage((p) => p - 1);
  }, [isEmptyLaterPage]);

  const handleDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => setNotice({ tone: 'success', text: 'Assignment removed successfully.' }),
      onError: (error) => setNotice({ tone: 'error', text: deleteFailure(error) }),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <Screen title="Sent Corrections" back={{ to: paths.adminHome, label: 'Back to Dashboard' }}>
      {notice && <Message tone={notice.tone}>{notice.text}</Message>}
      {sent.isPending ? (
        <Loading>Loading corrections...</Loading>
      ) : sent.isError ? (
        <Message tone="error">Failed to load the corrections.</Message>
      ) : sent.data.items.length === 0 ? (
        <EmptyState>{sent.data.message ?? 'No corrections found.'}</EmptyState>
      ) : (
        <Stack>
          <ul className={styles.list} aria-label="Sent corrections">
            {sent.data.items.map((correction) => (
              <li key={correction.id}>
                <Card>
                  <div className={styles.head}>
                    <div>
                      <h2 className={styles.title}>{correction.title}</h2>
                      <p className={styles.meta}>To {correction.user_name}</p>
                      <p className={styles.meta}>{formatLongDate(correction.created_at)}</p>
                    </div>
                    <Button
                      variant="secondary"
                      size="small"
                      onClick={() => setToDelete(correction)}
                      aria-label={`Delete ${correction.title}`}
                    >
                      <Trash2 size={16} aria-hidden="true" /> Delete
                    </Button>
                  </div>
                  {correction.description && (
                    <p className={styles.body}>{correction.description}</p>
                  )}
                  {correction.files.length > 0 && (
                    <ul className={styles.fileLinks} aria-label={`Files of ${correction.title}`}>
                      {correction.files.map((file, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a list's files keep their order, and two may share a link.
                        <li key={i}>
                          <a
                            className={styles.fileLink}
                            href={resolveFileUrl(file.file_url)}
                            target="_blank"
                            rel="noopener noreferrer"
                          >
                            <FileText size={14} aria-hidden="true" /> {file.file_name}
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                </Card>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            hasMore={sent.data.hasMore}
            isLoading={sent.isPlaceholderData}
            onPage={setPage}
          />
        </Stack>
      )}
      <ConfirmPopup
        open={toDelete !== null}
        title="Delete this correction?"
        confirmLabel="Yes, Delete"
        busy={remove.isPending}
        onConfirm={handleDelete}
        onCancel={() => setToDelete(null)}
      >
        {toDelete &&
          `Are you sure you want to delete “${toDelete.title}”? The student will no longer see it, and its files are deleted.`}
      </ConfirmPopup>
    </Screen>
  );
}
