import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy';
import { paths } from '../../app/paths';

export const adminRoutes: RouteObject[] = [
  { path: paths.studentsCorrection, lazy: screen(() => import('./students-correction-screen')) },
  { path: paths.sent, lazy: screen(() => import('./sent-screen')) },
];

export const studentRoutes: RouteObject[] = [
  { path: paths.assignmentResults, lazy: screen(() => import('./assignment-results-screen')) },
];
