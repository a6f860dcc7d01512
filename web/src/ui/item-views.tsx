import { Fragment, type Key, type ReactNode } from 'react';
import { ItemList } from './item-card';
import { PagedList, type PagedListProps, type ServerPage } from './paged-list';
import { QueryView, type QueryViewProps } from './query-view';

/** A listed record: anything with an id. */
type Listed = { id: Key };

/** The records a loaded answer lists: one card each in an ItemList, named for screen readers. */
interface ItemsProps<T, I extends Listed> {
  /** The answer's records; none shows the screen's empty state. */
  items: (data: T) => I[];
  label: string;
  /** Where the order itself says something (a log, newest first). */
  ordered?: boolean;
  /** One record's card (the list keys it by the record's id). */
  children: (item: I) => ReactNode;
}

/**
 * A view's props (QueryView's, PagedList's) with its records (`R`: cards or rows) in place of
 * its own content and emptiness.
 */
type WithRecords<P, R> = P extends unknown ? Omit<P, 'children' | 'isEmpty'> & R : never;
type WithItems<P, T, I extends Listed> = WithRecords<P, ItemsProps<T, I>>;

/** The view's own props, with the records drawn as its content: a card each in an ItemList. */
function asView<T, I extends Listed>({
  items,
  label,
  ordered,
  children: card,
  ...view
}: ItemsProps<T, I>) {
  return {
    ...view,
    isEmpty: (data: T) => items(data).length === 0,
    children: (data: T) => (
      <ItemList label={label} ordered={ordered}>
        {items(data).map((item) => (
          <Fragment key={item.id}>{card(item)}</Fragment>
        ))}
      </ItemList>
    ),
  };
}

/** A screen's list of records: the states of QueryView, then a card for each record. */
export function QueryItemList<T, I extends Listed>(props: WithItems<QueryViewProps<T>, T, I>) {
  return <QueryView<T> {...(asView<T, I>(props) as QueryViewProps<T>)} />;
}

/** The same for a list the server pages, with the Pager under it (PagedList). */
export function PagedItemList<T extends ServerPage, I extends Listed>(
  props: WithItems<PagedListProps<T>, T, I>,
) {
  return <PagedList<T> {...(asView<T, I>(props) as PagedListProps<T>)} />;
}

// A card's own rows, in the card's look (a student's classes and results, today's sessions,
// the terms), where the lists above draw a card a record.

/** The rows a loaded answer lists in a <ul>, named for screen readers, one <li> a record. */
interface RowsProps<T, I extends Listed> {
  /** The answer's records, in the order shown; none shows the empty state. */
  rows: (data: T) => I[];
  label?: string;
  /** The list's look. */
  className?: string;
  /** Each row's look. */
  rowClassName?: string;
  /** One record's row (the list keys it by the record's id), with the whole answer. */
  children: (row: I, data: T) => ReactNode;
  /** Above the rows: a line about them (how many). */
  before?: (data: T) => ReactNode;
  /** Under the rows: a link to the rest. */
  after?: (data: T) => ReactNode;
}

/**
 * A card's list of what one query loaded (a student's classes and results, today's sessions,
 * the terms): the states of QueryView, empty when there are no records, else a row each.
 */
export function QueryRows<T, I extends Listed>(
  props: WithRecords<QueryViewProps<T>, RowsProps<T, I>>,
) {
  const { rows, label, className, rowClassName, children, before, after, ...view } =
    props as RowsProps<T, I> & Omit<QueryViewProps<T>, 'children' | 'isEmpty'>;
  return (
    <QueryView<T> {...(view as QueryViewProps<T>)} isEmpty={(data) => rows(data).length === 0}>
      {(data) => (
        <>
          {before?.(data)}
          <ul className={className} aria-label={label}>
            {rows(data).map((row) => (
              <li key={row.id} className={rowClassName}>
                {children(row, data)}
              </li>
            ))}
          </ul>
          {after?.(data)}
        </>
      )}
    </QueryView>
  );
}
