import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { LeitnerChart, StudentLink } from '../../components';
import { formatLongDate } from '../../lib/dates';
import { paths } from '../../shared/paths';
import {
  Button,
  type Column,
  Message,
  Pager,
  QueryView,
  Screen,
  Stack,
  Table,
  TextField,
} from '../../ui';
import styles from './flashcards.module.css';
import { type Card, useCardOwners, useStudentCards } from './use-flashcards';

const cardColumns: Column<Card>[] = [
  { header: 'Front', kind: 'text', cell: (card) => card.front_text },
  { header: 'Back', kind: 'text', cell: (card) => card.back_text },
  { header: 'Level', kind: 'short', cell: (card) => card.level },
  { header: 'Next Review', kind: 'short', cell: (card) => formatLongDate(card.next_review_date) },
  {
    header: 'Last Done',
    kind: 'short',
    cell: (card) => (card.last_done_date ? formatLongDate(card.last_done_date) : '—'),
  },
  { header: 'Done Today', kind: 'short', cell: (card) => (card.done_today === 1 ? 'Yes' : 'No') },
];

/** One student's progress chart and cards, fetched when the admin opens the group, 1,000 at a time. */
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
  return (
    <Stack gap="sm">
      <LeitnerChart
        userId={studentId}
        title={`Progress of ${name}`}
        footer={
          <p className={styles.more}>
            <StudentLink id={studentId}>Open the page of {name}</StudentLink>
          </p>
        }
      />
      <QueryView
        query={cards}
        loading="Loading cards..."
        error="Error fetching cards. Please try again."
      >
        {(data) => {
          const shown = data.pages.flat();
          return (
            <Stack gap="sm">
              <Table
                label={`Cards of ${name}`}
                columns={cardColumns}
                rows={shown}
                rowKey={(card) => card.id}
              />
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
        }}
      </QueryView>
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
      <QueryView
        query={owners}
        loading="Loading cards..."
        error="Error fetching cards. Please try again."
        empty="No student has made cards yet."
        isEmpty={(data) => data.owners.length === 0}
      >
        {(data) => (
          <Stack gap="sm">
            {data.owners.map((owner) => {
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
                      {owner.cards_count} card{owner.cards_count === 1 ? '' : 's'},{' '}
                      {owner.due_count} due
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
              hasMore={data.has_more}
              isLoading={owners.isPlaceholderData}
              onPage={(page) => setFilters((f) => ({ ...f, page }))}
            />
          </Stack>
        )}
      </QueryView>
    </Screen>
  );
}
