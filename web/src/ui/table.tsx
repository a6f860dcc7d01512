// biome-ignore-all lint/a11y/noRedundantRoles: the roles keep the table a table for screen readers in browsers that drop its semantics once the phone layout changes its display.
import type { Key, ReactNode } from 'react';
import styles from './table.module.css';

export interface Column<Row> {
  /** The column's header; on a phone, the label beside each of its values. */
  header: string;
  cell: (row: Row) => ReactNode;
  /**
   * `short`: ids, dates, times, statuses, roles: one line. `text`: free text such as a
   * message, given the room to be read. Anything else breaks where it must.
   */
  kind?: 'short' | 'text';
  /** A class for this column's cells in a row (a status's colour). */
  className?: (row: Row) => string | undefined;
}

type TableProps<Row> = {
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowClassName?: (row: Row) => string | undefined;
} & (Row extends { id: Key }
  ? /** A row is keyed by its id, or by this. */ { rowKey?: (row: Row) => Key }
  : { rowKey: (row: Row) => Key });

const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * A native table where there is room for its columns; where there is not (its frame narrower
 * than 40rem, a phone), each row becomes a card of label-value lines, so no screen scrolls
 * sideways. Every cell carries its column's header as `data-label`, which is what a phone
 * shows beside the value. The explicit roles keep the table a table for screen readers once
 * the card layout changes its `display` (some browsers drop a table's semantics then), so
 * each value is still announced with its column's header.
 */
export function Table<Row>({ label, columns, rows, rowKey, rowClassName }: TableProps<Row>) {
  const keyOf = rowKey ?? ((row: Row) => (row as { id: Key }).id);
  return (
    <div className={styles.frame}>
      <table className={styles.table} aria-label={label} role="table">
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.header} scope="col" role="columnheader">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={keyOf(row)} className={rowClassName?.(row)} role="row">
              {columns.map((column) => (
                <td
                  key={column.header}
                  role="cell"
                  data-label={column.header}
                  className={join(
                    column.kind === 'short' && styles.short,
                    column.kind === 'text' && styles.text,
                    column.className?.(row),
                  )}
                >
                  {/* One box beside the label on a phone, whatever the value is made of. */}
                  <div className={styles.value}>{column.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
