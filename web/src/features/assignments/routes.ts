import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy';
import { paths } from '../../app/paths';

export const adminRoutes: RouteObject[] = [
  { path: paths.sendAssignment, lazy: screen(() => import('./send-assignment-screen')) },
  { path: paths.viewAssignments, lazy: screen(() => import('./view-assignments-screen')) },
];

export const studentRoutes: RouteObject[] = [
  { path: paths.downloadAssignment, lazy: screen(() => import('./download-assignment-screen')) },
];
