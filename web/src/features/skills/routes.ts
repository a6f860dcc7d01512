import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy';
import { offline } from '../../shared/offline-notes';
import { paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  {
    path: paths.skillContent,
    handle: offline.live,
    lazy: screen(() => import('./admin/skill-content-screen')),
  },
];

export const studentRoutes: RouteObject[] = [
  { path: paths.examPage, handle: offline.live, lazy: screen(() => import('./exam-screen')) },
  {
    path: paths.skillBuilder,
    handle: offline.menu,
    lazy: screen(() => import('./skill-builder-screen')),
  },
  { path: paths.readingPage, handle: offline.live, lazy: screen(() => import('./reading-screen')) },
  {
    path: paths.listeningPage,
    handle: offline.live,
    lazy: screen(() => import('./listening-screen')),
  },
  { path: paths.storyPage, handle: offline.live, lazy: screen(() => import('./story-screen')) },
  { path: paths.game, handle: offline.menu, lazy: screen(() => import('./game-screen')) },
];
