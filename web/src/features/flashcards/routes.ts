import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy';
import { paths } from '../../app/paths';

export const adminRoutes: RouteObject[] = [
  { path: paths.studentLeitnerBox, lazy: screen(() => import('./student-leitner-box-screen')) },
];

export const studentRoutes: RouteObject[] = [
  { path: paths.leitnerBox, lazy: screen(() => import('./leitner-box-screen')) },
  { path: paths.addCard, lazy: screen(() => import('./add-card-screen')) },
  { path: paths.cardLibrary, lazy: screen(() => import('./card-library-screen')) },
  { path: paths.flashcardBox, lazy: screen(() => import('./flashcard-box-screen')) },
];
