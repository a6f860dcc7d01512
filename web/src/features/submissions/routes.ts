import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy';
import { offline } from '../../shared/offline-notes';
import { paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  { path: paths.inbox, handle: offline.live, lazy: screen(() => import('./inbox-screen')) },
];

export const studentRoutes: RouteObject[] = [
  {
    path: paths.submitAssignment,
    handle: offline.form,
    lazy: screen(() => import('./submit-assignment-screen')),
  },
];
