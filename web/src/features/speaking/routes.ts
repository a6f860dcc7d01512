import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy';
import { offline } from '../../app/offline-notes';
import { paths } from '../../app/paths';

// The admin's side of speaking is a tab of the skills' content screen (skills/routes.ts).

export const studentRoutes: RouteObject[] = [
  {
    path: paths.speakingScreen,
    handle: offline.live,
    lazy: screen(() => import('./speaking-screen')),
  },
];
