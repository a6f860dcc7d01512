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

/** A view's props with its records in place of its own content and emptiness. */
type WithItems<P, T, I extends Listed> = P extends unknown
  ? Omit<P, 'children' | 'isEmpty'> & ItemsProps<T, I>
  : never;

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
