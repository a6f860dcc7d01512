import { PAYMENT_METHOD_WORDS } from '@academy/contract/tuition/limits';
import { type Column, Table } from '../../../ui';
import { moneyIn } from '../statement';
import { type Income, methodsShown, periodWords } from './report-view';

type Row = Income['totals'] & { period: string };

/**
 * The income of each period by method, the methods that moved money in the range alone, and
 * a last row of the range's totals. A card per period on a phone (the shared table).
 */
export function IncomeTable({ income }: { income: Income }) {
  const money = moneyIn(income.currency);
  const rows: Row[] = [...income.periods, { ...income.totals, period: 'total' }];
  const name = (row: Row) => (row.period === 'total' ? 'Total' : periodWords(row.period));
  const columns: Column<Row>[] = [
    {
      header: income.by === 'day' ? 'Day' : 'Month',
      cell: (row) => (row.period === 'total' ? <strong>Total</strong> : name(row)),
      kind: 'short',
    },
    ...methodsShown(income).map(
      (method): Column<Row> => ({
        header: PAYMENT_METHOD_WORDS[method],
        cell: (row) => money(row.by_method[method]),
        kind: 'short',
      }),
    ),
    ...(income.totals.refunds > 0
      ? [{ header: 'Refunded', cell: (row: Row) => money(row.refunded), kind: 'short' as const }]
      : []),
    {
      header: 'Income',
      cell: (row) => <strong>{money(row.net)}</strong>,
      kind: 'short',
    },
    { header: 'Payments', cell: (row) => String(row.payments), kind: 'short' },
  ];
  return (
    <Table<Row>
      label={`Income by ${income.by}`}
      rows={rows}
      rowKey={(row) => row.period}
      columns={columns}
    />
  );
}
