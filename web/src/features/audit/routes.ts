import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy';
import { paths } from '../../app/paths';

export const adminRoutes: RouteObject[] = [
  { path: paths.auditLog, lazy: screen(() => import('./audit-log-screen')) },
];
