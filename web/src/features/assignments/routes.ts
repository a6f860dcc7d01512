import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  screenRoute(paths.sendAssignment, 'form', () => import('./send-assignment-screen')),
  screenRoute(paths.viewAssignments, 'live', () => import('./view-assignments-screen')),
];

export const studentRoutes: RouteObject[] = [
  screenRoute(paths.downloadAssignment, 'kept', () => import('./download-assignment-screen')),
];
