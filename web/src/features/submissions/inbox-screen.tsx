import { useState } from 'react';
import { explainFailure } from '../../api/failure-text';
import { resolveFileUrl } from '../../lib/file-links';
import { useBackToStaffHome } from '../../shared/staff-home';
import { Message, PagedItemList, Screen, usePagedFilters } from '../../ui';
import { InboxFilterFields } from './inbox-filter-fields';
import { InboxSubmissionCard } from './inbox-submission-card';
import { type InboxFilters, useInbox } from './use-submissions';

const isFiltered = (f: InboxFilters) =>
  f.q.trim() !== '' || f.state !== 'all' || f.from !== '' || f.to !== '';

const loadFailure = explainFailure({
  refused: 'Failed to load assignments.',
  fallback: 'An error occurred while fetching data.',
});

/**
 * /inbox: the students' submissions, newest first, new or corrected, filtered by student,
 * state and days sent; files open in a new window; Correct opens the correction form for it.
 * A teacher's lists their classes' students' work (issue 29).
 */
export default function InboxScreen() {
  const { filters, setFilter, pager } = usePagedFilters<InboxFilters>({
    q: '',
    state: 'all',
    from: '',
    to: '',
    page: 1,
  });
  const inbox = useInbox(filters);
  const [blocked, setBlocked] = useState(false);
  const back = useBackToStaffHome();

  const handleOpen = (fileUrl: string) => {
    // Without 'noopener' in the features, a blocked pop-up is the only null answer.
    const opened = window.open(resolveFileUrl(fileUrl), '_blank');
    if (opened) opened.opener = null;
    setBlocked(opened === null);
  };

  return (
    <Screen title="Inbox" subtitle="Work the students have sent in." back={back}>
      <InboxFilterFields filters={filters} onChange={setFilter} />
      {blocked && (
        <Message tone="error">Please allow pop-ups for this website to download files.</Message>
      )}
      <PagedItemList
        query={inbox}
        pager={pager}
        loading="Loading assignments..."
        error={loadFailure}
        empty={
          isFiltered(filters)
            ? 'No submissions match these filters.'
            : 'No assignments in the inbox.'
        }
        items={(data) => data.assignments}
        label="Submissions"
      >
        {(item) => <InboxSubmissionCard item={item} onOpen={handleOpen} />}
      </PagedItemList>
    </Screen>
  );
}
