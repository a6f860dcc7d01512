import { useEffect, useState } from 'react';
import { explainFailure } from '../../api/failure-text';
import { useBackToStaffHome } from '../../shared/staff-home';
import { ConfirmDelete, FormMessage, PagedItemList, Screen, useRecordDelete } from '../../ui';
import { type SentCorrection, SentCorrectionCard } from './sent-correction-card';
import { useDeleteCorrection, useSentCorrections } from './use-corrections';

const deleteFailure = explainFailure({
  refused: 'Failed to remove assignment.',
  fallback: 'An error occurred while removing the assignment. Please try again.',
});

/**
 * /sent: the corrections sent to students (a teacher's students' for a teacher), newest first,
 * 50 to a page, each deletable after a confirmation.
 */
export default function SentScreen() {
  const back = useBackToStaffHome();
  const [page, setPage] = useState(1);
  const sent = useSentCorrections(page);
  const { message, deleting } = useRecordDelete<SentCorrection>(
    useDeleteCorrection(),
    deleteFailure,
    'Assignment removed successfully.',
  );

  // Deleting the last correction of a later page leaves it empty: show the page before.
  const isEmptyLaterPage = page > 1 && sent.data?.items.length === 0 && !sent.isPlaceholderData;
  useEffect(() => {
    if (isEmptyLaterPage) setPage((p) => p - 1);
  }, [isEmptyLaterPage]);

  return (
    <Screen title="Sent Corrections" back={back}>
      <FormMessage outcome={message} />
      <PagedItemList
        query={sent}
        pager={{ page, onPage: setPage }}
        loading="Loading corrections..."
        error="Failed to load the corrections."
        empty={(data) => data.message ?? 'No corrections found.'}
        items={(data) => data.items}
        label="Sent corrections"
      >
        {(correction) => (
          <SentCorrectionCard correction={correction} onDelete={() => deleting.ask(correction)} />
        )}
      </PagedItemList>
      <ConfirmDelete confirm={deleting} title="Delete this correction?">
        {(correction) =>
          `Are you sure you want to delete “${correction.title}”? The student will no longer see it, and its files are deleted.`
        }
      </ConfirmDelete>
    </Screen>
  );
}
