import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { paths } from '../../app/paths';
import { formatLongDate } from '../../lib/dates';
import {
  Button,
  EmptyState,
  Loading,
  Message,
  Pager,
  Screen,
  Stack,
  Table,
  TextField,
} from '../../ui';
import styles from './flashcards.module.css';
import { useCardOwners, useStudentCards } from './use-flashcards';

/** One student's cards, fetched when the admin opens the group, 1,000 at a time. */
function StudentCards({
  studentId,
  name,
  count,
}: {
  studentId: number;
  name: string;
  count: number;
}) {
  const cards = useStudentCards(studentId);
  if (cards.isPending) return <Loading>Loading cards...</Loading>;
  if (cards.isError && !cards.data)
    return <Message tone="error">Error fetching cards. Please try again.</Message>;
  const shown = cards.data.pages.flat();
  return (
    <Stack gap="sm">
      <Table label={`Cards of ${name}`}>
        <thead>
          <tr>
            <th scope="col">Front</th>
            <th scope="col">Back</th>
            <th scope="col">Level</th>
            <th scope="col">Next Review</th>
            <th scope="col">Last Done</th>
            <th scope="col">Done Today</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((card) => (
            <tr key={card.id}>
              <td>{card.front_text}</td>
              <td>{card.back_text}</td>
              <td>{card.level}</td>
              <td>{formatLongDate(card.next_review_date)}</td>
              <td>{card.last_done_date ? formatLongDate(card.last_done_date) : '—'}</td>
              <td>{card.done_today === 1 ? 'Yes' : 'No'}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {cards.isFetchNextPageError && (
        <Message tone="error">Error fetching cards. Please try again.</Message>
      )}
      {cards.hasNextPage && shown.length < count && (
        <div className={styles.more}>
          <span>
            Showing {shown.length} of {count} cards
          </span>
          <Button
            variant="secondary"
            size="small"
            disabled={cards.isFetchingNextPage}
            onClick={() => void cards.fetchNextPage()}
          >
            {cards.isFetchingNextPage ? 'Loading cards...' : 'Show more'}
          </Button>
        </div>
      )}
    </Stack>
  );
}

/** /studentleitnerbox: every student's cards, grouped by student; a name opens or closes its group. */
export default function StudentLeitnerBoxScreen() {
  const [filters, setFilters] = useState({ q: '', page: 1 });
  const owners = useCardOwners(filters);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Screen title="Student Leitner Box" back={{ to: paths.adminHome, label: 'Back to Dashboard' }}>
      <TextField
        label="Search"
        type="search"
        placeholder="Student name"
        value={filters.q}
        onChange={(e) => setFilters({ q: e.target.value, page: 1 })}
      />
      {owners.isPending ? (
        <Loading>Loading cards...</Loading>
      ) : owners.isError ? (
        <Message tone="error">Error fetching cards. Please try again.</Message>
      ) : owners.data.owners.length === 0 ? (
        <EmptyState>No student has made cards yet.</EmptyState>
      ) : (
        <Stack gap="sm">
          {owners.data.owners.map((owner) => {
            const isOpen = open.has(owner.user_id);
            return (
              <section key={owner.user_id} aria-label={owner.user_name}>
                <button
                  type="button"
                  className={styles.owner}
                  aria-expanded={isOpen}
                  onClick={() => toggle(owner.user_id)}
                >
                  <span>
                    {isOpen ? (
                      <ChevronDown size={18} aria-hidden="true" />
                    ) : (
                      <ChevronRight size={18} aria-hidden="true" />
                    )}{' '}
                    {owner.user_name}
                  </span>
                  <span className={styles.count}>
                    {owner.cards_count} card{owner.cards_count === 1 ? '' : 's'}, {owner.due_count}{' '}
                    due
                  </span>
                </button>
                {isOpen && (
                  <StudentCards
                    studentId={owner.user_id}
                    name={owner.user_name}
                    count={owner.cards_count}
                  />
                )}
              </section>
            );
          })}
          <Pager
            page={filters.page}
            hasMore={owners.data.has_more}
            isLoading={owners.isPlaceholderData}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
          />
        </Stack>
      )}
    </Screen>
  );
}
