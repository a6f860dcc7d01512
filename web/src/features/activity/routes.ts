import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy';
import { paths } from '../../app/paths';

export const adminRoutes: RouteObject[] = [
  { path: paths.onlineUsers, lazy: screen(() => import('./online-users-screen')) },
];

export const studentRoutes: RouteObject[] = [];
