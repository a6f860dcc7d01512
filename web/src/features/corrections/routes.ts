import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy';
import { offline } from '../../shared/offline-notes';
import { paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  {
    path: paths.studentsCorrection,
    handle: offline.form,
    lazy: screen(() => import('./students-correction-screen')),
  },
  { path: paths.sent, handle: offline.live, lazy: screen(() => import('./sent-screen')) },
];

export const studentRoutes: RouteObject[] = [
  {
    path: paths.assignmentResults,
    handle: offline.kept,
    lazy: screen(() => import('./assignment-results-screen')),
  },
];
