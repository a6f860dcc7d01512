import { ExternalLink, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { failureText } from '../../api/failure-text';
import { StudentLink, StudentSelect } from '../../components';
import { formatLongDate } from '../../lib/dates';
import { paths } from '../../shared/paths';
import {
  Button,
  ConfirmPopup,
  FieldRow,
  FileLink,
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
  TextField,
} from '../../ui';

import styles from './assignments.module.css';
import {
  type AssignmentFilters,
  useAllAssignments,
  useMarkAssignmentRead,
  useRemoveAssignment,
} from './use-assignments';
import { WorkLines } from './work-state';

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
        setNotice({
          tone: 'error',
          text: failureText(error, { fallback: 'Failed to remove assignment.' }),
        }),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <Screen title="View Assignments" back={{ to: paths.adminHome, label: 'Back to Dashboard' }}>
      <FieldRow>
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
      </FieldRow>
      {notice && <Message tone={notice.tone}>{notice.text}</Message>}
      <QueryView
        query={list}
        loading="Loading assignments..."
        error={(error) => failureText(error, { fallback: 'Error fetching assignments' })}
        empty="No assignments found."
        isEmpty={(data) => data.assignments.length === 0}
      >
        {(data) => (
          <Stack>
            <ItemList label="Assignments">
              {data.assignments.map((assignment) => (
                <ItemCard
                  key={assignment.id}
                  title={assignment.title}
                  meta={
                    <>
                      <Meta>
                        Student:{' '}
                        <StudentLink id={assignment.user_id}>{assignment.student_name}</StudentLink>
                      </Meta>
                      <Meta>Description: {assignment.description}</Meta>
                      <Meta>Created: {formatLongDate(assignment.created_at)}</Meta>
                      <WorkLines assignment={assignment} />
                      <Meta>
                        {assignment.is_read === 1 ? (
                          <span className={styles.read}>
                            Read on {formatLongDate(assignment.read_at)}
                          </span>
                        ) : (
                          <span className={styles.unread}>Not read yet</span>
                        )}
                      </Meta>
                    </>
                  }
                  actions={
                    <Button
                      variant="secondary"
                      size="small"
                      onClick={() => setToDelete(assignment)}
                      aria-label={`Delete ${assignment.title}`}
                    >
                      <Trash2 size={16} aria-hidden="true" /> Delete
                    </Button>
                  }
                >
                  {assignment.file_links.length > 0 && (
                    <FileList label={`Files of ${assignment.title}`}>
                      {assignment.file_links.map((link, i) => (
                        <FileLink
                          // biome-ignore lint/suspicious/noArrayIndexKey: a list's files keep their order, and two may share a link.
                          key={i}
                          href={link.url}
                          icon={<ExternalLink size={14} aria-hidden="true" />}
                          onClick={() =>
                            assignment.is_read === 0 &&
                            markRead.mutate({ id: assignment.id, userId: assignment.user_id })
                          }
                        >
                          {link.title}
                        </FileLink>
                      ))}
                    </FileList>
                  )}
                </ItemCard>
              ))}
            </ItemList>
            <Pager
              page={filters.page}
              hasMore={data.has_more}
              isLoading={list.isPlaceholderData}
              onPage={(page) => setFilters((f) => ({ ...f, page }))}
            />
          </Stack>
        )}
      </QueryView>
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
