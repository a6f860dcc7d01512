import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy';
import { offline } from '../../app/offline-notes';
import { paths } from '../../app/paths';

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
