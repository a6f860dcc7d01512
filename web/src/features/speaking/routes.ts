import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy';
import { offline } from '../../shared/offline-notes';
import { paths } from '../../shared/paths';

// The admin's side of speaking is a tab of the skills' content screen (skills/routes.ts).

export const studentRoutes: RouteObject[] = [
  {
    path: paths.speakingScreen,
    handle: offline.live,
    lazy: screen(() => import('./speaking-screen')),
  },
];
