import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

/** A teacher sees their students' cards and progress (issue 29): their students' only. */
export const staffRoutes: RouteObject[] = [
  screenRoute(paths.studentLeitnerBox, 'live', () => import('./student-leitner-box-screen')),
];

export const studentRoutes: RouteObject[] = [
  screenRoute(paths.leitnerBox, 'menu', () => import('./leitner-box-screen')),
  screenRoute(paths.addCard, 'form', () => import('./add-card-screen')),
  screenRoute(paths.cardLibrary, 'keptChanges', () => import('./card-library-screen')),
  screenRoute(paths.flashcardBox, 'practice', () => import('./flashcard-box-screen')),
];
