import { useState } from 'react';
import type { PageTurn } from './paged-list';

/**
 * A paged list's filters and its page: changing a filter goes back to page 1 (the pages of
 * the old filters no longer apply), turning the page keeps the filters. `pager` is the page
 * and its turning for the PagedList.
 */
export function usePagedFilters<F extends { page: number }>(initial: F) {
  const [filters, setFilters] = useState<F>(initial);
  const setPage = (page: number) => setFilters((f) => ({ ...f, page }));
  const pager: PageTurn = { page: filters.page, onPage: setPage };
  return {
    filters,
    setFilter: (change: Partial<Omit<F, 'page'>>) =>
      setFilters((f) => ({ ...f, ...change, page: 1 })),
    setPage,
    pager,
  };
}
