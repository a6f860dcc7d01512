import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy';
import { paths } from '../../app/paths';

export const adminRoutes: RouteObject[] = [
  { path: paths.sendSchedule, lazy: screen(() => import('./send-schedule-screen')) },
  { path: paths.editStudentSchedule, lazy: screen(() => import('./edit-student-schedule-screen')) },
];

export const studentRoutes: RouteObject[] = [
  { path: paths.schedule, lazy: screen(() => import('./schedule-screen')) },
];
