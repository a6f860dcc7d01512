import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy';
import { offline } from '../../shared/offline-notes';
import { paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  {
    path: paths.studentLeitnerBox,
    handle: offline.live,
    lazy: screen(() => import('./student-leitner-box-screen')),
  },
];

export const studentRoutes: RouteObject[] = [
  {
    path: paths.leitnerBox,
    handle: offline.menu,
    lazy: screen(() => import('./leitner-box-screen')),
  },
  { path: paths.addCard, handle: offline.form, lazy: screen(() => import('./add-card-screen')) },
  {
    path: paths.cardLibrary,
    handle: offline.keptChanges,
    lazy: screen(() => import('./card-library-screen')),
  },
  {
    path: paths.flashcardBox,
    handle: offline.practice,
    lazy: screen(() => import('./flashcard-box-screen')),
  },
];
