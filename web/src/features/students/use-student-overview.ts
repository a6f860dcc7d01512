import type { CallResponse } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export type StudentOverview = CallResponse<'getStudentOverview'>;

/**
 * One student's page. Its key starts 'student-overview': the live topics of every section
 * refresh it (web/src/app/live-updates.ts).
 */
export const useStudentOverview = (id: number) =>
  useQuery({
    queryKey: queryKeys.studentOverview.of(id),
    queryFn: () => call('getStudentOverview', { user_id: id }),
    enabled: Number.isInteger(id) && id > 0,
  });

/** The classes a student is in (the classes topic refreshes every ['classes'] query). */
export const useStudentClasses = (id: number) =>
  useQuery({
    queryKey: queryKeys.classes.ofStudent(id),
    queryFn: () => call('getStudentClasses', { user_id: id }),
    enabled: Number.isInteger(id) && id > 0,
  });
