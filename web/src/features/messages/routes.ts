import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

/** The administrator's outbox (issue 31, point 1). */
export const adminRoutes: RouteObject[] = [
  screenRoute(paths.outbox, 'live', () => import('./outbox-screen')),
];
