import { failureText } from '../../api/failure-text';
import { paths } from '../../shared/paths';
import {
  ConfirmPopup,
  FormMessage,
  ItemList,
  PagedList,
  Screen,
  useConfirm,
  useFormOutcome,
  usePagedFilters,
} from '../../ui';
import { AssignmentFilterFields } from './assignment-filter-fields';
import { type SentAssignment, SentAssignmentCard } from './sent-assignment-card';
import { type AssignmentFilters, useAllAssignments, useRemoveAssignment } from './use-assignments';

/** /view-assignments: every assignment, filtered, with its read state, links and a delete. */
export default function ViewAssignmentsScreen() {
  const { filters, setFilter, setPage } = usePagedFilters<AssignmentFilters>({
    userId: '',
    read: 'all',
    q: '',
    page: 1,
  });
  const list = useAllAssignments(filters);
  const remove = useRemoveAssignment();
  const message = useFormOutcome();
  const deleting = useConfirm<SentAssignment>((assignment, close) =>
    remove.mutate(assignment.id, {
      ...message.reports((error) =>
        failureText(error, { fallback: 'Failed to remove assignment.' }),
      ),
      onSettled: close,
    }),
  );

  return (
    <Screen title="View Assignments" back={{ to: paths.adminHome, label: 'Back to Dashboard' }}>
      <AssignmentFilterFields filters={filters} onChange={setFilter} />
      <FormMessage outcome={message} />
      <PagedList
        query={list}
        page={filters.page}
        onPage={setPage}
        hasMore={(data) => data.has_more}
        loading="Loading assignments..."
        error={(error) => failureText(error, { fallback: 'Error fetching assignments' })}
        empty="No assignments found."
        isEmpty={(data) => data.assignments.length === 0}
      >
        {(data) => (
          <ItemList label="Assignments">
            {data.assignments.map((assignment) => (
              <SentAssignmentCard
                key={assignment.id}
                assignment={assignment}
                onDelete={() => deleting.ask(assignment)}
              />
            ))}
          </ItemList>
        )}
      </PagedList>
      <ConfirmPopup
        {...deleting.popup}
        title="Delete this assignment?"
        confirmLabel="Yes, Delete"
        busy={remove.isPending}
      >
        {deleting.subject &&
          `Are you sure you want to delete “${deleting.subject.title}”? The student will no longer see it.`}
      </ConfirmPopup>
    </Screen>
  );
}
