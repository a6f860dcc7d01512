import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useRefreshingCall } from '../../../api/refreshing-mutation';

/**
 * Teachers' pay (issue 52, point 7): the month's list, a teacher's month (an administrator
 * names the teacher; a teacher reads their own), and the administrators' writes. Under the
 * tuition key, so the live 'tuition' topic asks them again.
 */

export const useTeacherPayList = (month: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.tuition.pay({ month }),
    queryFn: () => call('teacherPayList', { month }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** A teacher's month; without a teacher, the caller's own (a teacher's). */
export const useTeacherPay = (month: string, teacherId?: number, enabled = true) => {
  const request = teacherId === undefined ? { month } : { month, teacher_id: teacherId };
  return useQuery({
    queryKey: queryKeys.tuition.pay(request),
    queryFn: () => call('teacherPay', request),
    placeholderData: keepPreviousData,
    enabled,
  });
};

export const useSetTeacherRate = () => useRefreshingCall('setTeacherRate', queryKeys.tuition.all);

export const useAddPayAdjustment = () =>
  useRefreshingCall('addPayAdjustment', queryKeys.tuition.all);

export const useVoidPayAdjustment = () =>
  useRefreshingCall('voidPayAdjustment', queryKeys.tuition.all);
