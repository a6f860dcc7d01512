import type { CallResponse } from '@academy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export type ClassAttendance = CallResponse<'getClassAttendance'>;
export type AttendanceWarnings = CallResponse<'getAttendanceWarnings'>;

/** A class's attendance this term, students by the sessions whose roll was taken. */
export const useClassAttendance = (classId: number) =>
  useQuery({
    queryKey: queryKeys.roll.classGrid(classId),
    queryFn: () => call('getClassAttendance', { class_id: classId }),
  });

/** The students at or over the absence warning, a page at a time. */
export const useAttendanceWarnings = (page: number) =>
  useQuery({
    queryKey: queryKeys.roll.warnings(page),
    queryFn: () => call('getAttendanceWarnings', { page }),
    placeholderData: keepPreviousData,
  });
