import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  screenRoute(paths.roll, 'roll', () => import('./roll-screen')),
  screenRoute(paths.attendanceWarnings, 'live', () => import('./attendance-warnings-screen')),
];
