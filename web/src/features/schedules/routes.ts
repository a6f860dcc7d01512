import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy';
import { offline } from '../../app/offline-notes';
import { paths } from '../../app/paths';

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
