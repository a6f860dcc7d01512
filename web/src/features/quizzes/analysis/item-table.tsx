import type { AnalysedItem } from '@academy/contract';
import { ITEM_TYPE_WORDS } from '@academy/contract/quizzes/items';
import { type Column, Table, Tag } from '../../../ui';
import styles from './analysis.module.css';
import { chosenByWords, discriminationWords, percentWords, secondsWords } from './words';

/**
 * The items, one row each: the share right, how well it separates the stronger students from
 * the weaker, the most common wrong answer, the median time, and what to check. A dubious item
 * says so in words beside its tag, never by colour alone. The shared table turns each row into
 * a card on a phone, so nothing scrolls sideways.
 */
const columns: Column<AnalysedItem>[] = [
  { header: 'No.', kind: 'short', cell: (item) => item.number },
  {
    header: 'Question',
    kind: 'text',
    cell: (item) => (
      <>
        <span className={styles.prompt}>{item.prompt}</span>
        <br />
        <span className={styles.muted}>
          {ITEM_TYPE_WORDS[item.type]} · {item.answered} answered
          {item.drawn ? ' · drawn for some attempts' : ''}
        </span>
      </>
    ),
  },
  { header: 'Right', kind: 'short', cell: (item) => percentWords(item.facility) },
  // "Separation" (the discrimination index): a header short enough for a phone's label column.
  { header: 'Separation', cell: (item) => discriminationWords(item.discrimination) },
  {
    header: 'Common wrong answer',
    cell: (item) =>
      item.common_wrong === null ? (
        'None'
      ) : (
        <>
          <span className={styles.prompt}>“{item.common_wrong}”</span>{' '}
          <span className={styles.muted}>({chosenByWords(item)})</span>
        </>
      ),
  },
  { header: 'Median time', kind: 'short', cell: (item) => secondsWords(item.median_seconds) },
  {
    header: 'Check',
    cell: (item) =>
      item.dubious.length === 0 ? (
        'Nothing to check'
      ) : (
        <>
          <Tag tone="warning">Check this item</Tag>
          <ul className={styles.reasons}>
            {item.dubious.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </>
      ),
  },
];

export function ItemTable({ items }: { items: readonly AnalysedItem[] }) {
  return <Table label="Items" columns={columns} rows={items} rowKey={(item) => item.item_id} />;
}
