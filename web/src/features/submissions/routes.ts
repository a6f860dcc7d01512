import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

/** A teacher sees and corrects their students' hand-ins (issue 29). */
export const staffRoutes: RouteObject[] = [
  screenRoute(paths.inbox, 'live', () => import('./inbox-screen')),
];

export const studentRoutes: RouteObject[] = [
  screenRoute(paths.submitAssignment, 'form', () => import('./submit-assignment-screen')),
];
