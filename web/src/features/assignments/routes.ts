import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

/**
 * A teacher sends work to their students or classes, and sees what was sent to them (issue
 * 29): View Assignments lists a teacher's students' only.
 */
export const staffRoutes: RouteObject[] = [
  screenRoute(paths.sendAssignment, 'form', () => import('./send-assignment-screen')),
  screenRoute(paths.viewAssignments, 'live', () => import('./view-assignments-screen')),
];

export const studentRoutes: RouteObject[] = [
  screenRoute(paths.downloadAssignment, 'kept', () => import('./download-assignment-screen')),
];
