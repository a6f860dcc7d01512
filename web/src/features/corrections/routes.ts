import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

/**
 * A teacher corrects their students' work, from the inbox, and sees the corrections their
 * students were sent (issue 29).
 */
export const staffRoutes: RouteObject[] = [
  screenRoute(paths.studentsCorrection, 'form', () => import('./students-correction-screen')),
  screenRoute(paths.sent, 'live', () => import('./sent-screen')),
];

export const studentRoutes: RouteObject[] = [
  screenRoute(paths.assignmentResults, 'kept', () => import('./assignment-results-screen')),
];
