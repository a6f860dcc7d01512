import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy';
import { offline } from '../../shared/offline-notes';
import { paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  {
    path: paths.sendSchedule,
    handle: offline.form,
    lazy: screen(() => import('./send-schedule-screen')),
  },
  {
    path: paths.editStudentSchedule,
    handle: offline.live,
    lazy: screen(() => import('./edit-student-schedule-screen')),
  },
];

export const studentRoutes: RouteObject[] = [
  { path: paths.schedule, handle: offline.kept, lazy: screen(() => import('./schedule-screen')) },
];
