import type { ReactNode } from 'react';
import { Pager } from './pager';
import { emptyView, type QueryState, QueryView, type QueryViewProps } from './query-view';
import { Stack } from './stack';

export type PagedListProps<T> = QueryViewProps<T> & {
  /** A page of the list, kept on screen while the next one loads (keepPreviousData). */
  query: QueryState<T> & { isPlaceholderData: boolean };
  page: number;
  onPage: (page: number) => void;
  /** Whether the server said another page follows this one. */
  hasMore: (data: T) => boolean;
};

/**
 * A list the server pages: the states of QueryView, then the page's items with the Pager under
 * them. An empty page keeps its Pager, so a page emptied by deletes still leads back.
 */
export function PagedList<T>({
  page,
  onPage,
  hasMore,
  isEmpty,
  children,
  ...view
}: PagedListProps<T>): ReactNode {
  return (
    <QueryView<T> {...view}>
      {(data) => (
        <Stack>
          {isEmpty?.(data) ? emptyView(view.empty, data) : children(data)}
          <Pager
            page={page}
            hasMore={hasMore(data)}
            isLoading={view.query.isPlaceholderData}
            onPage={onPage}
          />
        </Stack>
      )}
    </QueryView>
  );
}
