import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

/** The academy's exams and items: an administrator's to make, a teacher's to mark (issue 30). */
export const staffRoutes: RouteObject[] = [
  screenRoute(paths.skillContent, 'live', () => import('./admin/skill-content-screen')),
];

export const studentRoutes: RouteObject[] = [
  screenRoute(paths.examPage, 'live', () => import('./exam-screen')),
  screenRoute(paths.skillBuilder, 'menu', () => import('./skill-builder-screen')),
  screenRoute(paths.readingPage, 'live', () => import('./reading-screen')),
  screenRoute(paths.listeningPage, 'live', () => import('./listening-screen')),
  screenRoute(paths.storyPage, 'live', () => import('./story-screen')),
  screenRoute(paths.game, 'menu', () => import('./game-screen')),
];
