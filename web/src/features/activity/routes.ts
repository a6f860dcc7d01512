import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy';
import { offline } from '../../shared/offline-notes';
import { paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  {
    path: paths.onlineUsers,
    handle: offline.live,
    lazy: screen(() => import('./online-users-screen')),
  },
];

export const studentRoutes: RouteObject[] = [];
