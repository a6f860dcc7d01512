import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy';
import { offline } from '../../shared/offline-notes';
import { paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  {
    path: paths.sentItems,
    handle: offline.live,
    lazy: screen(() => import('./sent-items-screen')),
  },
];

export const studentRoutes: RouteObject[] = [];
