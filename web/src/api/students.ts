import { USER_LIST_MAX_LIMIT } from '@academy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from './client';
import { queryKeys } from './query-keys';

/** How many students the picker lists before anything is typed: all of a small academy's. */
export const PICKER_FIRST_LIMIT = USER_LIST_MAX_LIMIT;
/** How many matches a picker search lists. */
export const PICKER_SEARCH_LIMIT = 50;

/**
 * What the admin's student picker lists: the first students by name (everyone, in an academy
 * that small), or, once `search` is not blank, the first students whose name or e-mail
 * contains it. Never the whole list of a large academy.
 */
export function useStudentPicker(search: string) {
  const q = search.trim();
  const first = useQuery({
    queryKey: queryKeys.users.students({ limit: PICKER_FIRST_LIMIT }),
    queryFn: () => call('userList', { limit: PICKER_FIRST_LIMIT }),
  });
  const found = useQuery({
    queryKey: queryKeys.users.students({ q, limit: PICKER_SEARCH_LIMIT }),
    queryFn: () => call('userList', { q, limit: PICKER_SEARCH_LIMIT }),
    enabled: q !== '',
    // The matches of the last search stay listed while the next one loads.
    placeholderData: keepPreviousData,
  });
  return { q, first, found };
}
