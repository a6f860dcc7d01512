import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { explainFailure } from '../../api/failure-text';
import { formatLongDateTime } from '../../lib/dates';
import { hrefs, paths } from '../../shared/paths';
import { QueryView, Screen } from '../../ui';
import { SendingCard } from './sending-card';
import { filtersOf, SendingStudents, type Show } from './sending-students';
import { useSending } from './use-sendings';

/** /sent-items/:id (new): one item sent to many; an id that is not a number goes to the list. */
export default function SentItemScreen() {
  const id = useParams().id ?? '';
  if (!/^\d+$/.test(id)) return <Navigate to={paths.sentItems} replace />;
  // Keyed by the item, so another item starts with its own filter, page and edit state.
  return <SentItemPage key={id} sendingId={Number(id)} />;
}

/**
 * One item sent to many: its text (editable), how many read it and, for an assignment, handed
 * in work naming it, and each student's state.
 */
function SentItemPage({ sendingId }: { sendingId: number }) {
  const [show, setShow] = useState<Show>('all');
  const [page, setPage] = useState(1);
  const sending = useSending(sendingId, { ...filtersOf(show), page });
  const item = sending.data?.sending;

  return (
    <Screen
      title={item?.title ?? 'Sent item'}
      subtitle={item ? `To ${item.recipients} · ${formatLongDateTime(item.created_at)}` : undefined}
      back={{
        to: hrefs.sentItems(item?.kind),
        label: 'Back to Sent Items',
      }}
    >
      <QueryView
        query={sending}
        error={explainFailure({
          // A teacher's refusal: another's item, or one that does not exist (issue 29).
          byStatus: { 403: 'Sent item not found.' },
          fallback: 'The sent item could not be loaded. Please try again.',
        })}
      >
        {(data) => (
          <>
            <SendingCard sending={data.sending} />
            <SendingStudents
              sending={data.sending}
              students={data.students}
              hasMore={data.has_more}
              show={show}
              onShow={(next) => {
                setShow(next);
                setPage(1);
              }}
              page={page}
              onPage={setPage}
              isLoading={sending.isFetching}
            />
          </>
        )}
      </QueryView>
    </Screen>
  );
}
