import { MAX_CHOSEN_STUDENTS } from '@academy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from './client';
import { queryKeys } from './query-keys';

/**
 * The classes in use a picker offers: the first page by name, or those whose name contains
 * `search` once it is not blank. Archived classes are offered nowhere.
 */
export function useClassPicker(search = '') {
  const q = search.trim();
  return useQuery({
    queryKey: queryKeys.classes.picker(q),
    queryFn: () => call('getClasses', { archived: 'no', ...(q ? { q } : {}) }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every student of a class (page after page, up to what one list of chosen students may
 * hold), for pickers that add a class's students to a list one can still change.
 */
export async function studentsOfClass(classId: number) {
  const students: { id: number; name: string }[] = [];
  for (let page = 1; students.length < MAX_CHOSEN_STUDENTS; page++) {
    const answer = await call('getClassStudents', { class_id: classId, page });
    students.push(...answer.students.map((s) => ({ id: s.id, name: s.name })));
    if (!answer.has_more) break;
  }
  return students.slice(0, MAX_CHOSEN_STUDENTS);
}

export interface ClassFilters {
  q: string;
  archived: 'no' | 'yes';
  page: number;
}

/** The admin's classes, searched and paged on the server. */
export function useClasses(filters: ClassFilters) {
  return useQuery({
    queryKey: queryKeys.classes.list(filters),
    queryFn: () =>
      call('getClasses', {
        archived: filters.archived,
        page: filters.page,
        ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}
