import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

/** A teacher opens the pages of their classes' students (issue 29). */
export const staffRoutes: RouteObject[] = [
  screenRoute(paths.studentPage, 'live', () => import('./student-screen')),
];
