import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

/** A teacher takes the rolls of their classes (issue 29). */
export const staffRoutes: RouteObject[] = [
  screenRoute(paths.roll, 'roll', () => import('./roll-screen')),
  screenRoute(paths.attendanceWarnings, 'live', () => import('./attendance-warnings-screen')),
];
