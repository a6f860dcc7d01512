import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { failureText } from '../../api/failure-text';
import { StudentLink } from '../../components';
import { formatLongDate } from '../../lib/dates';
import { paths } from '../../shared/paths';
import {
  Button,
  ConfirmPopup,
  ItemCard,
  ItemList,
  Message,
  Meta,
  Pager,
  QueryView,
  Screen,
  Stack,
  StoredFileLinks,
} from '../../ui';
import { useDeleteCorrection, useSentCorrections } from './use-corrections';

const deleteFailure = (error: unknown) =>
  failureText(error, {
    refused: 'Failed to remove assignment.',
    fallback: 'An error occurred while removing the assignment. Please try again.',
  });

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
      <QueryView
        query={sent}
        loading="Loading corrections..."
        error="Failed to load the corrections."
        empty={(data) => data.message ?? 'No corrections found.'}
        isEmpty={(data) => data.items.length === 0}
      >
        {(data) => (
          <Stack>
            <ItemList label="Sent corrections">
              {data.items.map((correction) => (
                <ItemCard
                  key={correction.id}
                  title={correction.title}
                  meta={
                    <>
                      <Meta>
                        To <StudentLink id={correction.user_id}>{correction.user_name}</StudentLink>
                      </Meta>
                      <Meta>{formatLongDate(correction.created_at)}</Meta>
                      {correction.submission_subject && (
                        <Meta>Answers: {correction.submission_subject}</Meta>
                      )}
                    </>
                  }
                  actions={
                    <Button
                      variant="secondary"
                      size="small"
                      onClick={() => setToDelete(correction)}
                      aria-label={`Delete ${correction.title}`}
                    >
                      <Trash2 size={16} aria-hidden="true" /> Delete
                    </Button>
                  }
                  text={correction.description}
                >
                  <StoredFileLinks
                    label={`Files of ${correction.title}`}
                    files={correction.files}
                  />
                </ItemCard>
              ))}
            </ItemList>
            <Pager
              page={page}
              hasMore={data.hasMore}
              isLoading={sent.isPlaceholderData}
              onPage={setPage}
            />
          </Stack>
        )}
      </QueryView>
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
