import { Link } from 'react-router';
import { formatLongDate } from '../../../lib/dates';
import { hrefs } from '../../../shared/paths';
import { Table } from '../../../ui';
import { moneyIn } from '../statement';
import type { Debtors } from './use-debtors';

type Row = Debtors['rows'][number];

const days = (n: number) => (n === 0 ? 'Not overdue' : `${n} day${n === 1 ? '' : 's'}`);

/** The totals line: over every row the filters keep, not only this page's. */
export function totalsLine(data: Debtors): string {
  const money = moneyIn(data.currency);
  const { count, balance, overdue } = data.totals;
  return (
    `${count === 1 ? '1 payer owes' : `${count} payers owe`} ${money(balance)} in all; ` +
    `${money(overdue)} of it is overdue.`
  );
}

/** The page's debtors: each name leads to their statement at the desk. */
export function DebtorTable({ data }: { data: Debtors }) {
  const money = moneyIn(data.currency);
  return (
    <Table<Row>
      label="Payers who owe"
      rows={data.rows}
      rowKey={(row) => row.student_id}
      columns={[
        {
          header: 'Payer',
          cell: (row) => <Link to={hrefs.payerStatement(row.student_id)}>{row.name}</Link>,
        },
        { header: 'Classes', cell: (row) => row.classes.join(', ') || 'None' },
        { header: 'Owes', cell: (row) => money(row.balance), kind: 'short' },
        { header: 'Overdue', cell: (row) => days(row.days_overdue), kind: 'short' },
        {
          header: 'Overdue amount',
          cell: (row) => (row.overdue > 0 ? money(row.overdue) : '—'),
          kind: 'short',
        },
        {
          header: 'Next instalment',
          cell: (row) =>
            row.next
              ? `${money(row.next.outstanding)} on ${formatLongDate(row.next.due_day)}`
              : 'None to come',
        },
      ]}
    />
  );
}
