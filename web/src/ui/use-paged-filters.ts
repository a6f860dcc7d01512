import { useState } from 'react';

/**
 * A paged list's filters and its page: changing a filter goes back to page 1 (the pages of
 * the old filters no longer apply), turning the page keeps the filters.
 */
export function usePagedFilters<F extends { page: number }>(initial: F) {
  const [filters, setFilters] = useState<F>(initial);
  return {
    filters,
    setFilter: (change: Partial<Omit<F, 'page'>>) =>
      setFilters((f) => ({ ...f, ...change, page: 1 })),
    setPage: (page: number) => setFilters((f) => ({ ...f, page })),
  };
}
