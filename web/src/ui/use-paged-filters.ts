import { useState } from 'react';
import type { PageTurn } from './paged-list';

/** A change of some of a paged list's filters (not its page, which the change sets back to 1). */
type FilterChange<F> = (change: Partial<Omit<F, 'page'>>) => void;

/** What a screen's row of filter fields takes: the filters, and usePagedFilters' `setFilter`. */
export interface FilterFieldsProps<F> {
  filters: F;
  onChange: FilterChange<F>;
}

/** The filters a search box can type into: those holding text. */
type SearchKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/**
 * A paged list's filters and its page: changing a filter goes back to page 1 (the pages of
 * the old filters no longer apply), turning the page keeps the filters. `pager` is the page
 * and its turning for the PagedList.
 */
export function usePagedFilters<F extends { page: number }>(initial: F) {
  const [filters, setFilters] = useState<F>(initial);
  const setPage = (page: number) => setFilters((f) => ({ ...f, page }));
  const setFilter: FilterChange<F> = (change) => setFilters((f) => ({ ...f, ...change, page: 1 }));
  const pager: PageTurn = { page: filters.page, onPage: setPage };
  /** A SearchField's value and change for the text filter `key` (usually 'q'). */
  const searchBox = (key: SearchKey<F>) => ({
    value: filters[key] as string,
    onSearch: (text: string) => setFilter({ [key]: text } as Partial<Omit<F, 'page'>>),
  });
  return { filters, setFilter, setPage, pager, searchBox };
}
