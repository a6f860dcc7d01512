import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy';
import { paths } from '../../app/paths';

export const adminRoutes: RouteObject[] = [
  { path: paths.createUser, lazy: screen(() => import('./create-user-screen')) },
  { path: paths.viewUsers, lazy: screen(() => import('./view-users-screen')) },
];

export const studentRoutes: RouteObject[] = [];
