import { LeitnerChart, StudentLink } from '../../components';
import { formatLongDate } from '../../lib/dates';
import { Button, type Column, Message, QueryView, Stack, Table } from '../../ui';
import styles from './flashcards.module.css';
import { type Card, useStudentCards } from './use-flashcards';

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
export function StudentCards({
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
              <Table label={`Cards of ${name}`} columns={cardColumns} rows={shown} />
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
