import type { ReactNode } from 'react';
import { Pager } from './pager';
import { emptyView, type QueryState, QueryView, type QueryViewProps } from './query-view';
import { Stack } from './stack';

/** Which page a list shows and how it turns (usePagedFilters' `pager`). */
export interface PageTurn {
  page: number;
  onPage: (page: number) => void;
}

/** A page as the server answers it: whether another page follows this one (`has_more`). */
export interface ServerPage {
  has_more?: boolean;
}

export type PagedListProps<T extends ServerPage> = QueryViewProps<T> & {
  /** A page of the list, kept on screen while the next one loads (keepPreviousData). */
  query: QueryState<T> & { isPlaceholderData: boolean };
  pager: PageTurn;
};

/**
 * A list the server pages: the states of QueryView, then the page's items with the Pager under
 * them. An empty page keeps its Pager, so a page emptied by deletes still leads back.
 */
export function PagedList<T extends ServerPage>({
  pager,
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
            {...pager}
            hasMore={data.has_more === true}
            isLoading={view.query.isPlaceholderData}
          />
        </Stack>
      )}
    </QueryView>
  );
}
