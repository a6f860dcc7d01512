import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useRefreshingCall } from '../../../api/refreshing-mutation';

/** A class's fee plan for a term (null: none yet) and the academy's currency (issue 52). */
export const useFeePlan = (classId: number, termId: number | undefined) =>
  useQuery({
    queryKey: queryKeys.tuition.plan(classId, termId ?? 0),
    queryFn: () => call('getFeePlan', { class_id: classId, term_id: termId ?? 0 }),
    enabled: termId !== undefined,
  });

/**
 * The class's name and size, from its students' first page: the same call and key as the
 * class's page, so coming from it shows them at once.
 */
export const useClassHead = (classId: number) =>
  useQuery({
    queryKey: queryKeys.classes.students(classId, { q: '', page: 1 }),
    queryFn: () => call('getClassStudents', { class_id: classId, page: 1 }),
    select: (answer) => answer.class,
  });

/** Saving a plan and charging it: the tuition queries are read again (the live topic too). */
export const useSaveFeePlan = () => useRefreshingCall('saveFeePlan', queryKeys.tuition.all);

export const useChargeClassFees = () => useRefreshingCall('chargeClassFees', queryKeys.tuition.all);
