import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

/** A class's result sheet of a term: administrators and the class's teachers (issue 30). */
export const staffRoutes: RouteObject[] = [
  screenRoute(paths.resultSheets, 'form', () => import('./result-sheets-screen')),
  screenRoute(paths.resultSheet, 'live', () => import('./result-sheet-screen')),
];

/** The student's published results, kept for reading offline. */
export const studentRoutes: RouteObject[] = [
  screenRoute(paths.results, 'kept', () => import('./results-screen')),
];
