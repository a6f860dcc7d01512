import { ExternalLink, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { refusalOr } from '../../api/client';
import { paths } from '../../app/paths';
import { formatLongDate } from '../../lib/dates';
import {
  Button,
  Card,
  ConfirmPopup,
  EmptyState,
  Loading,
  Message,
  Pager,
  Screen,
  SelectField,
  Stack,
  TextField,
} from '../../ui';
import { StudentSelect } from '../users/student-select';
import styles from './assignments.module.css';
import {
  type AssignmentFilters,
  useAllAssignments,
  useMarkAssignmentRead,
  useRemoveAssignment,
} from './use-assignments';

/** /view-assignments: every assignment, filtered, with its read state, links and a delete. */
export default function ViewAssignmentsScreen() {
  const [filters, setFilters] = useState<AssignmentFilters>({
    userId: '',
    read: 'all',
    q: '',
    page: 1,
  });
  const list = useAllAssignments(filters);
  const markRead = useMarkAssignmentRead();
  const remove = useRemoveAssignment();
  const [toDelete, setToDelete] = useState<{ id: number; title: string } | null>(null);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const setFilter = (change: Partial<AssignmentFilters>) =>
    setFilters((f) => ({ ...f, ...change, page: 1 }));

  const handleDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: (answer) => setNotice({ tone: 'success', text: answer.message }),
      onError: (error) =>
        setNotice({ tone: 'error', text: refusalOr(error, 'Failed to remove assignment.') }),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <Screen title="View Assignments" back={{ to: paths.adminHome, label: 'Back to Dashboard' }}>
      <div className={styles.filters}>
        <StudentSelect
          label="Student"
          placeholder="All students"
          value={filters.userId}
          onChange={(userId) => setFilter({ userId })}
          name="student"
        />
        <SelectField
          label="Read state"
          value={filters.read}
          onChange={(e) => setFilter({ read: e.target.value as AssignmentFilters['read'] })}
        >
          <option value="all">All</option>
          <option value="read">Read</option>
          <option value="unread">Not read yet</option>
        </SelectField>
        <TextField
          label="Search"
          type="search"
          placeholder="Title or description"
          value={filters.q}
          onChange={(e) => setFilter({ q: e.target.value })}
        />
      </div>
      {notice && <Message tone={notice.tone}>{notice.text}</Message>}
      {list.isPending ? (
        <Loading>Loading assignments...</Loading>
      ) : list.isError ? (
        <Message tone="error">{refusalOr(list.error, 'Error fetching assignments')}</Message>
      ) : list.data.assignments.length === 0 ? (
        <EmptyState>No assignments found.</EmptyState>
      ) : (
        <Stack>
          <ul className={styles.list} aria-label="Assignments">
            {list.data.assignments.map((assignment) => (
              <li key={assignment.id}>
                <Card>
                  <div className={styles.head}>
                    <div>
                      <h2 className={styles.title}>{assignment.title}</h2>
                      <p className={styles.meta}>Student: {assignment.student_name}</p>
                      <p className={styles.meta}>Deadline: {assignment.description}</p>
                      <p className={styles.meta}>
                        Created: {formatLongDate(assignment.created_at)}
                      </p>
                      <p className={styles.meta}>
                        {assignment.is_read === 1 ? (
                          <span className={styles.read}>
                            Read on {formatLongDate(assignment.read_at)}
                          </span>
                        ) : (
                          <span className={styles.unread}>Not read yet</span>
                        )}
                      </p>
                    </div>
                    <Button
                      variant="secondary"
                      size="small"
                      onClick={() => setToDelete(assignment)}
                      aria-label={`Delete ${assignment.title}`}
                    >
                      <Trash2 size={16} aria-hidden="true" /> Delete
                    </Button>
                  </div>
                  {assignment.file_links.length > 0 && (
                    <ul className={styles.fileLinks} aria-label={`Files of ${assignment.title}`}>
                      {assignment.file_links.map((link, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a list's files keep their order, and two may share a link.
                        <li key={i}>
                          <a
                            className={styles.fileLink}
                            href={link.url}
                            target="_blank"
                            rel="noopener noreferrer"
                            onClick={() =>
                              assignment.is_read === 0 &&
                              markRead.mutate({ id: assignment.id, userId: assignment.user_id })
                            }
                          >
                            <ExternalLink size={14} aria-hidden="true" /> {link.title}
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
            page={filters.page}
            hasMore={list.data.has_more}
            isLoading={list.isPlaceholderData}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
          />
        </Stack>
      )}
      <ConfirmPopup
        open={toDelete !== null}
        title="Delete this assignment?"
        confirmLabel="Yes, Delete"
        busy={remove.isPending}
        onConfirm={handleDelete}
        onCancel={() => setToDelete(null)}
      >
        {toDelete &&
          `Are you sure you want to delete “${toDelete.title}”? The student will no longer see it.`}
      </ConfirmPopup>
    </Screen>
  );
}
