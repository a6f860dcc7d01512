import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy';
import { offline } from '../../app/offline-notes';
import { paths } from '../../app/paths';

export const adminRoutes: RouteObject[] = [
  {
    path: paths.sentItems,
    handle: offline.live,
    lazy: screen(() => import('./sent-items-screen')),
  },
];

export const studentRoutes: RouteObject[] = [];
