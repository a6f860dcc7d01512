import type { CallRequest, CallResponse } from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { readStoredUser } from '../../api/session';

/** One session of a student's schedule, as the server sends it. */
export type ScheduleSession = CallResponse<'getSchedule'>['schedule'][number];

/** A student's schedule for the admin (by the student's id). */
export function useStudentSchedule(studentId: string) {
  return useQuery({
    queryKey: queryKeys.schedule.ofStudent(Number(studentId)),
    queryFn: () => call('getSchedule', { user_id: Number(studentId) }),
    enabled: studentId !== '',
  });
}

/** The signed-in student's own schedule; kept for offline reading. */
export function useOwnSchedule() {
  const userId = readStoredUser()?.id;
  return useQuery({
    queryKey: queryKeys.schedule.ofStudent(userId),
    queryFn: () => call('getSchedule', { user_id: userId ?? 0 }),
    enabled: userId !== undefined,
    meta: { offline: true },
  });
}

export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CallRequest<'saveSchedule'>) => call('saveSchedule', payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.schedule.all }),
  });
}

export function useUpdateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CallRequest<'updateSchedule'>) => call('updateSchedule', payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.schedule.all }),
  });
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CallRequest<'deleteSession'>) => call('deleteSession', payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.schedule.all }),
  });
}
