import { FileText } from 'lucide-react';
import { useState } from 'react';
import { failureText } from '../../api/failure-text';
import { paths } from '../../app/paths';
import { formatLongDate } from '../../lib/dates';
import { resolveFileUrl } from '../../lib/file-links';
import {
  FileButton,
  FileList,
  ItemCard,
  ItemList,
  Message,
  Meta,
  Pager,
  QueryView,
  Screen,
  Stack,
  StudentLink,
  TextField,
} from '../../ui';
import { useInbox } from './use-submissions';

const loadFailure = (error: unknown) =>
  failureText(error, {
    refused: 'Failed to load assignments.',
    fallback: 'An error occurred while fetching data.',
  });

/** /inbox: the students' submissions, newest first; files open in a new window. */
export default function InboxScreen() {
  const [filters, setFilters] = useState({ q: '', page: 1 });
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
      <TextField
        label="Search by student"
        type="search"
        placeholder="Student name"
        value={filters.q}
        onChange={(e) => setFilters({ q: e.target.value, page: 1 })}
      />
      {blocked && (
        <Message tone="error">Please allow pop-ups for this website to download files.</Message>
      )}
      <QueryView
        query={inbox}
        loading="Loading assignments..."
        error={loadFailure}
        empty="No assignments in the inbox."
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
                      <Meta>{formatLongDate(item.created_at)}</Meta>
                    </>
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
