import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  screenRoute(paths.onlineUsers, 'live', () => import('./online-users-screen')),
];

export const studentRoutes: RouteObject[] = [];
