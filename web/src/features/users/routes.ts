import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  screenRoute(paths.createUser, 'form', () => import('./create-user-screen')),
  screenRoute(paths.viewUsers, 'live', () => import('./view-users-screen')),
  screenRoute(paths.importSlips, 'live', () => import('./import-slips-screen')),
];

export const studentRoutes: RouteObject[] = [];
