import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy';
import { offline } from '../../shared/offline-notes';
import { paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  {
    path: paths.studentPage,
    handle: offline.live,
    lazy: screen(() => import('./student-screen')),
  },
];
