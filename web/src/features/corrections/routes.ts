import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  screenRoute(paths.studentsCorrection, 'form', () => import('./students-correction-screen')),
  screenRoute(paths.sent, 'live', () => import('./sent-screen')),
];

export const studentRoutes: RouteObject[] = [
  screenRoute(paths.assignmentResults, 'kept', () => import('./assignment-results-screen')),
];
