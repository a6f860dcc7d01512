import type { CallResponse } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useOwnQuery } from '../../api/own-query';
import { queryKeys } from '../../api/query-keys';
import { useRefreshingCall } from '../../api/refreshing-mutation';

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
export const useOwnSchedule = () =>
  useOwnQuery(queryKeys.schedule.ofStudent, (userId) => call('getSchedule', { user_id: userId }), {
    meta: { offline: true },
  });

/** The signed-in student's attendance this term; kept for offline reading like the schedule. */
export const useOwnAttendance = () =>
  useOwnQuery(
    queryKeys.schedule.attendance,
    (userId) => call('getAttendance', { user_id: userId }),
    { meta: { offline: true } },
  );

export type Attendance = CallResponse<'getAttendance'>;

export const useSaveSchedule = () => useRefreshingCall('saveSchedule', queryKeys.schedule.all);

export const useUpdateSession = () => useRefreshingCall('updateSchedule', queryKeys.schedule.all);

export const useDeleteSession = () => useRefreshingCall('deleteSession', queryKeys.schedule.all);
