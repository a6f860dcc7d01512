import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

// The admin's side of speaking is also a tab of the skills' content screen (skills/routes.ts).

/** The questions and the answers to correct, a teacher's as an administrator's (issue 29). */
export const staffRoutes: RouteObject[] = [
  screenRoute(paths.speakingAnswers, 'live', () => import('./speaking-answers-screen')),
];

export const studentRoutes: RouteObject[] = [
  screenRoute(paths.speakingScreen, 'live', () => import('./speaking-screen')),
];
