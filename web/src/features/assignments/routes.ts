import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy';
import { offline } from '../../shared/offline-notes';
import { paths } from '../../shared/paths';

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
