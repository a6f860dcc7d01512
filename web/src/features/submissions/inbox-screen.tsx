import { FileText } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { paths } from '../../app/paths';
import { formatLongDate } from '../../lib/dates';
import { resolveFileUrl } from '../../lib/file-links';
import {
  Button,
  Card,
  EmptyState,
  Loading,
  Message,
  Pager,
  Screen,
  Stack,
  TextField,
} from '../../ui';
import styles from '../assignments/assignments.module.css';
import { useInbox } from './use-submissions';

function loadFailure(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500)
    return 'Failed to load assignments.';
  return 'An error occurred while fetching data.';
}

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
      {inbox.isPending ? (
        <Loading>Loading assignments...</Loading>
      ) : inbox.isError ? (
        <Message tone="error">{loadFailure(inbox.error)}</Message>
      ) : inbox.data.assignments.length === 0 ? (
        <EmptyState>No assignments in the inbox.</EmptyState>
      ) : (
        <Stack>
          <ul className={styles.list} aria-label="Submissions">
            {inbox.data.assignments.map((item) => (
              <li key={item.id}>
                <Card>
                  <h2 className={styles.title}>{item.subject}</h2>
                  <p className={styles.meta}>From {item.user_name}</p>
                  <p className={styles.meta}>{formatLongDate(item.created_at)}</p>
                  {item.description && <p className={styles.body}>{item.description}</p>}
                  <ul className={styles.fileLinks} aria-label={`Files of ${item.subject}`}>
                    {item.files.map((file, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a list's files keep their order, and two may share a link.
                      <li key={i}>
                        <Button
                          variant="secondary"
                          size="small"
                          className={styles.fileButton}
                          onClick={() => handleOpen(file.file_url)}
                        >
                          <FileText size={16} aria-hidden="true" /> {file.file_name}
                        </Button>
                      </li>
                    ))}
                  </ul>
                </Card>
              </li>
            ))}
          </ul>
          <Pager
            page={filters.page}
            hasMore={inbox.data.has_more}
            isLoading={inbox.isPlaceholderData}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
          />
        </Stack>
      )}
    </Screen>
  );
}
