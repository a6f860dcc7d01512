import type { CallRequest, CallResponse } from '@academy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useRefreshingMutation } from '../../api/refreshing-mutation';

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
const useClassChange = <P, R>(change: (payload: P) => Promise<R>) =>
  useRefreshingMutation(change, queryKeys.classes.all);

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

/** Gives a class exactly these teachers (issue 29); the class's page then names them. */
export const useSetClassTeachers = () =>
  useClassChange((change: { classId: number; teacherIds: number[] }) =>
    call('setClassTeachers', { class_id: change.classId, teacher_ids: change.teacherIds }),
  );

/**
 * The active teachers, to choose a class's teachers from: accounts, so a new, changed or
 * deactivated one refreshes it with the users.
 */
export function useTeachers() {
  return useQuery({
    queryKey: queryKeys.users.teachers(),
    queryFn: async () => (await call('getTeachers', {})).teachers,
  });
}

/** Both a class's timetable and its members' schedules change together. */
const useTimetableChange = <P, R>(change: (payload: P) => Promise<R>) =>
  useRefreshingMutation(change, queryKeys.schedule.all, queryKeys.classes.all);

/** A weekly pattern made into the class's timetable, and so every member's schedule. */
export const useSaveClassSchedule = () =>
  useTimetableChange((payload: CallRequest<'saveClassSchedule'>) =>
    call('saveClassSchedule', payload),
  );

export type TimetableWhen = 'upcoming' | 'past';
export type ClassSession = CallResponse<'getClassSessions'>['sessions'][number];

/** A page of a class's timetable: the sessions to come, or those past. */
export function useClassSessions(classId: number, filters: { when: TimetableWhen; page: number }) {
  return useQuery({
    queryKey: queryKeys.classes.sessions(classId, filters),
    queryFn: () => call('getClassSessions', { class_id: classId, ...filters }),
    placeholderData: keepPreviousData,
  });
}

/** Moves, cancels or brings back one class session, for every member. */
export const useUpdateClassSession = () =>
  useTimetableChange((payload: CallRequest<'updateClassSession'>) =>
    call('updateClassSession', payload),
  );
