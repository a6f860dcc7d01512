import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy';
import { paths } from '../../app/paths';

export const adminRoutes: RouteObject[] = [
  { path: paths.skillContent, lazy: screen(() => import('./admin/skill-content-screen')) },
];

export const studentRoutes: RouteObject[] = [
  { path: paths.examPage, lazy: screen(() => import('./exam-screen')) },
  { path: paths.skillBuilder, lazy: screen(() => import('./skill-builder-screen')) },
  { path: paths.readingPage, lazy: screen(() => import('./reading-screen')) },
  { path: paths.listeningPage, lazy: screen(() => import('./listening-screen')) },
  { path: paths.storyPage, lazy: screen(() => import('./story-screen')) },
  { path: paths.speakingScreen, lazy: screen(() => import('./speaking-screen')) },
  { path: paths.game, lazy: screen(() => import('./game-screen')) },
];
