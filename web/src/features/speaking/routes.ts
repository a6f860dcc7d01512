import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

// The admin's side of speaking is a tab of the skills' content screen (skills/routes.ts).

export const studentRoutes: RouteObject[] = [
  screenRoute(paths.speakingScreen, 'live', () => import('./speaking-screen')),
];
