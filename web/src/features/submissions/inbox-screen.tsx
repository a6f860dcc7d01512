import { FileText, PenLine } from 'lucide-react';
import { useState } from 'react';
import { failureText } from '../../api/failure-text';
import { StudentLink } from '../../components';
import { formatLongDateTime } from '../../lib/dates';
import { resolveFileUrl } from '../../lib/file-links';
import { hrefs, paths } from '../../shared/paths';
import {
  ButtonLink,
  FieldRow,
  FileButton,
  FileList,
  ItemCard,
  ItemList,
  Message,
  Meta,
  Pager,
  QueryView,
  Screen,
  SelectField,
  Stack,
  Tag,
  TextField,
} from '../../ui';
import { type InboxFilters, useInbox } from './use-submissions';

const isFiltered = (f: InboxFilters) =>
  f.q.trim() !== '' || f.state !== 'all' || f.from !== '' || f.to !== '';

const loadFailure = (error: unknown) =>
  failureText(error, {
    refused: 'Failed to load assignments.',
    fallback: 'An error occurred while fetching data.',
  });

/**
 * /inbox: the students' submissions, newest first, new or corrected, filtered by student,
 * state and days sent; files open in a new window; Correct opens the correction form for it.
 */
export default function InboxScreen() {
  const [filters, setFilters] = useState<InboxFilters>({
    q: '',
    state: 'all',
    from: '',
    to: '',
    page: 1,
  });
  const setFilter = (change: Partial<InboxFilters>) =>
    setFilters((f) => ({ ...f, ...change, page: 1 }));
  const inbox = useInbox(filters);
  const [blocked, setBlocked] = useState(false);

  const handleOpen = (fileUrl: string) => {
    // Without 'noopener' in the features, a blocked pop-up is the only null answer.
    const opened = window.open(resolveFileUrl(fileUrl), '_blank');
    if (opened) opened.opener = null;
    setBlocked(opened === null);
  };

  return (
    <Screen
      title="Inbox"
      subtitle="Work the students have sent in."
      back={{ to: paths.adminHome, label: 'Back to Dashboard' }}
    >
      <FieldRow>
        <TextField
          label="Search by student"
          type="search"
          placeholder="Student name"
          value={filters.q}
          onChange={(e) => setFilter({ q: e.target.value })}
        />
        <SelectField
          label="State"
          value={filters.state}
          onChange={(e) => setFilter({ state: e.target.value as InboxFilters['state'] })}
        >
          <option value="all">All</option>
          <option value="new">New</option>
          <option value="corrected">Corrected</option>
        </SelectField>
        <TextField
          label="Sent from"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => setFilter({ from: e.target.value })}
        />
        <TextField
          label="Sent until"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => setFilter({ to: e.target.value })}
        />
      </FieldRow>
      {blocked && (
        <Message tone="error">Please allow pop-ups for this website to download files.</Message>
      )}
      <QueryView
        query={inbox}
        loading="Loading assignments..."
        error={loadFailure}
        empty={
          isFiltered(filters)
            ? 'No submissions match these filters.'
            : 'No assignments in the inbox.'
        }
        isEmpty={(data) => data.assignments.length === 0}
      >
        {(data) => (
          <Stack>
            <ItemList label="Submissions">
              {data.assignments.map((item) => (
                <ItemCard
                  key={item.id}
                  title={item.subject}
                  meta={
                    <>
                      <Meta>
                        From <StudentLink id={item.user_id}>{item.user_name}</StudentLink>
                      </Meta>
                      <Meta>
                        {formatLongDateTime(item.created_at)}{' '}
                        {item.state === 'new' ? (
                          <Tag tone="info">New</Tag>
                        ) : (
                          <Tag tone="success">Corrected</Tag>
                        )}
                      </Meta>
                      {item.assignment_title && <Meta>Answers: {item.assignment_title}</Meta>}
                    </>
                  }
                  actions={
                    <ButtonLink
                      variant="secondary"
                      size="small"
                      to={hrefs.studentsCorrection(item.user_id, item.id)}
                      aria-label={`Correct ${item.subject} from ${item.user_name}`}
                    >
                      <PenLine size={16} aria-hidden="true" /> Correct
                    </ButtonLink>
                  }
                  text={item.description}
                >
                  <FileList label={`Files of ${item.subject}`}>
                    {item.files.map((file, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a list's files keep their order, and two may share a link.
                      <FileButton key={i} onClick={() => handleOpen(file.file_url)}>
                        <FileText size={16} aria-hidden="true" /> {file.file_name}
                      </FileButton>
                    ))}
                  </FileList>
                </ItemCard>
              ))}
            </ItemList>
            <Pager
              page={filters.page}
              hasMore={data.has_more}
              isLoading={inbox.isPlaceholderData}
              onPage={(page) => setFilters((f) => ({ ...f, page }))}
            />
          </Stack>
        )}
      </QueryView>
    </Screen>
  );
}
