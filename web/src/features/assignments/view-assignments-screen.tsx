import { explainFailure } from '../../api/failure-text';
import { useBackToStaffHome } from '../../shared/staff-home';
import {
  ConfirmDelete,
  FormMessage,
  PagedItemList,
  Screen,
  usePagedFilters,
  useRecordDelete,
} from '../../ui';
import { AssignmentFilterFields } from './assignment-filter-fields';
import { type SentAssignment, SentAssignmentCard } from './sent-assignment-card';
import { type AssignmentFilters, useAllAssignments, useRemoveAssignment } from './use-assignments';

/**
 * /view-assignments: every assignment (a teacher's students' for a teacher), filtered, with its
 * read state, links and a delete.
 */
export default function ViewAssignmentsScreen() {
  const back = useBackToStaffHome();
  const { filters, setFilter, pager } = usePagedFilters<AssignmentFilters>({
    userId: '',
    read: 'all',
    q: '',
    page: 1,
  });
  const list = useAllAssignments(filters);
  const { message, deleting } = useRecordDelete<SentAssignment>(
    useRemoveAssignment(),
    explainFailure('Failed to remove assignment.'),
  );

  return (
    <Screen title="View Assignments" back={back}>
      <AssignmentFilterFields filters={filters} onChange={setFilter} />
      <FormMessage outcome={message} />
      <PagedItemList
        query={list}
        pager={pager}
        loading="Loading assignments..."
        error={explainFailure('Error fetching assignments')}
        empty="No assignments found."
        items={(data) => data.assignments}
        label="Assignments"
      >
        {(assignment) => (
          <SentAssignmentCard assignment={assignment} onDelete={() => deleting.ask(assignment)} />
        )}
      </PagedItemList>
      <ConfirmDelete confirm={deleting} title="Delete this assignment?">
        {(assignment) =>
          `Are you sure you want to delete “${assignment.title}”? The student will no longer see it.`
        }
      </ConfirmDelete>
    </Screen>
  );
}
