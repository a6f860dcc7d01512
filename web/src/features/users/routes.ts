import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy';
import { offline } from '../../shared/offline-notes';
import { paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  {
    path: paths.createUser,
    handle: offline.form,
    lazy: screen(() => import('./create-user-screen')),
  },
  {
    path: paths.viewUsers,
    handle: offline.live,
    lazy: screen(() => import('./view-users-screen')),
  },
  {
    path: paths.importSlips,
    handle: offline.live,
    lazy: screen(() => import('./import-slips-screen')),
  },
];

export const studentRoutes: RouteObject[] = [];
