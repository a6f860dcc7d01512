import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy';
import { offline } from '../../app/offline-notes';
import { paths } from '../../app/paths';

export const adminRoutes: RouteObject[] = [
  {
    path: paths.studentPage,
    handle: offline.live,
    lazy: screen(() => import('./student-screen')),
  },
];
