import { useState } from 'react';
import { useBackToStaffHome } from '../../shared/staff-home';
import { PagedList, Screen, SearchField, Stack, usePagedFilters } from '../../ui';
import { CardOwnerGroup } from './card-owner-group';
import { useCardOwners } from './use-flashcards';

/** The groups opened, by student id. */
function useOpenGroups() {
  const [open, setOpen] = useState<Set<number>>(new Set());
  return {
    isOpen: (id: number) => open.has(id),
    toggle: (id: number) =>
      setOpen((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
  };
}

/**
 * /studentleitnerbox: every student's cards (a teacher's students' for a teacher), grouped by
 * student; a name opens or closes its group.
 */
export default function StudentLeitnerBoxScreen() {
  const back = useBackToStaffHome();
  const { filters, pager, searchBox } = usePagedFilters({ q: '', page: 1 });
  const owners = useCardOwners(filters);
  const groups = useOpenGroups();

  return (
    <Screen title="Student Leitner Box" back={back}>
      <SearchField label="Search" placeholder="Student name" {...searchBox('q')} />
      <PagedList
        query={owners}
        pager={pager}
        loading="Loading cards..."
        error="Error fetching cards. Please try again."
        empty="No student has made cards yet."
        isEmpty={(data) => data.owners.length === 0}
      >
        {(data) => (
          <Stack gap="sm">
            {data.owners.map((owner) => (
              <CardOwnerGroup
                key={owner.user_id}
                owner={owner}
                isOpen={groups.isOpen(owner.user_id)}
                onToggle={() => groups.toggle(owner.user_id)}
              />
            ))}
          </Stack>
        )}
      </PagedList>
    </Screen>
  );
}
