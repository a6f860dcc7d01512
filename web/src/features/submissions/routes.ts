import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  screenRoute(paths.inbox, 'live', () => import('./inbox-screen')),
];

export const studentRoutes: RouteObject[] = [
  screenRoute(paths.submitAssignment, 'form', () => import('./submit-assignment-screen')),
];
