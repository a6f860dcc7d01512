import type { CallRequest } from '@academy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

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

/** One class and a page of its students. */
export function useClassStudents(classId: number, filters: { q: string; page: number }) {
  return useQuery({
    queryKey: queryKeys.classes.students(classId, filters),
    queryFn: () =>
      call('getClassStudents', {
        class_id: classId,
        page: filters.page,
        ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

/** A change to classes: every class list and picker is asked again. */
function useClassChange<P, R>(change: (payload: P) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.classes.all }),
  });
}

export const useCreateClass = () => useClassChange((name: string) => call('createClass', { name }));

export const useUpdateClass = () =>
  useClassChange((change: { classId: number; name?: string; archived?: boolean }) =>
    call('updateClass', {
      class_id: change.classId,
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.archived !== undefined ? { archived: change.archived } : {}),
    }),
  );

export const useAddClassStudents = () =>
  useClassChange((change: { classId: number; userIds: number[] }) =>
    call('addClassStudents', { class_id: change.classId, user_ids: change.userIds }),
  );

export const useRemoveClassStudents = () =>
  useClassChange((change: { classId: number; userIds: number[] }) =>
    call('removeClassStudents', { class_id: change.classId, user_ids: change.userIds }),
  );

/** A weekly pattern's sessions for every student of a class. */
export function useSaveClassSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CallRequest<'saveClassSchedule'>) => call('saveClassSchedule', payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.schedule.all }),
  });
}
