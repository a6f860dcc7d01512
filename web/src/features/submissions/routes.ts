import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy';
import { paths } from '../../app/paths';

export const adminRoutes: RouteObject[] = [
  { path: paths.inbox, lazy: screen(() => import('./inbox-screen')) },
];

export const studentRoutes: RouteObject[] = [
  { path: paths.submitAssignment, lazy: screen(() => import('./submit-assignment-screen')) },
];
