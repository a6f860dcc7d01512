import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

/** A teacher writes the schedules of their classes' students (issue 29). */
export const staffRoutes: RouteObject[] = [
  screenRoute(paths.sendSchedule, 'form', () => import('./send-schedule-screen')),
  screenRoute(paths.editStudentSchedule, 'live', () => import('./edit-student-schedule-screen')),
];

export const studentRoutes: RouteObject[] = [
  screenRoute(paths.schedule, 'kept', () => import('./schedule-screen')),
];
