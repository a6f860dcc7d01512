import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy';
import { offline } from '../../app/offline-notes';
import { paths } from '../../app/paths';

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
