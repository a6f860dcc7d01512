import { explainFailure } from '../../../api/failure-text';
import { formatLongDate } from '../../../lib/dates';
import { Card, type Column, QueryView, Table } from '../../../ui';
import { moneyIn } from '../statement';
import { type Outstanding, payersWords, termWords } from './report-view';
import { useOutstanding } from './use-money-reports';

const failure = explainFailure('What is outstanding could not be loaded. Please try again.');

type Row = Outstanding['terms'][number];

/**
 * What each term's charges are still owed, with a last row of the totals. Paid counts the
 * discounts too: each payer's credits are set against their oldest instalments first, as
 * their statement does.
 */
export function OutstandingCard() {
  const outstanding = useOutstanding();
  return (
    <Card title="Outstanding per term">
      <QueryView
        query={outstanding}
        loading="Loading what is outstanding..."
        error={failure}
        isEmpty={(data) => data.terms.length === 0}
        empty="No fees have been charged yet."
      >
        {(data) => <OutstandingTable data={data} />}
      </QueryView>
    </Card>
  );
}

function OutstandingTable({ data }: { data: Outstanding }) {
  const money = moneyIn(data.currency);
  const total: Row = { ...data.totals, term_id: -1, name: 'Total' };
  const columns: Column<Row>[] = [
    {
      header: 'Term',
      cell: (row) => (row === total ? <strong>Total</strong> : termWords(row)),
    },
    { header: 'Charged', cell: (row) => money(row.charged), kind: 'short' },
    { header: 'Discounts', cell: (row) => money(row.discounts), kind: 'short' },
    { header: 'Paid', cell: (row) => money(row.paid), kind: 'short' },
    {
      header: 'Outstanding',
      cell: (row) => <strong>{money(row.outstanding)}</strong>,
      kind: 'short',
    },
    { header: 'Overdue', cell: (row) => money(row.overdue), kind: 'short' },
    { header: 'Payers', cell: (row) => payersWords(row) },
  ];
  return (
    <>
      <Table<Row>
        label="Outstanding per term"
        rows={[...data.terms, total]}
        rowKey={(row) => row.term_id ?? 'none'}
        columns={columns}
      />
      <p>
        Paid counts discounts too: each payer’s payments and discounts are set against their oldest
        instalments first, as their statement does. Overdue: due before {formatLongDate(data.today)}
        .
      </p>
    </>
  );
}
