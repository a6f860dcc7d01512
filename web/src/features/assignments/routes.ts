import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy';
import { offline } from '../../app/offline-notes';
import { paths } from '../../app/paths';

export const adminRoutes: RouteObject[] = [
  {
    path: paths.sendAssignment,
    handle: offline.form,
    lazy: screen(() => import('./send-assignment-screen')),
  },
  {
    path: paths.viewAssignments,
    handle: offline.live,
    lazy: screen(() => import('./view-assignments-screen')),
  },
];

export const studentRoutes: RouteObject[] = [
  {
    path: paths.downloadAssignment,
    handle: offline.kept,
    lazy: screen(() => import('./download-assignment-screen')),
  },
];
