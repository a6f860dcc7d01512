import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  screenRoute(paths.studentPage, 'live', () => import('./student-screen')),
];
