import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

/**
 * Quizzes (issue 51). The question bank is the academy's: administrators and teachers both
 * open it (a teacher changes only the items they wrote; the server checks it). Each screen is
 * its own chunk (bench:size).
 */
export const staffRoutes: RouteObject[] = [
  screenRoute(paths.questionBank, 'live', () => import('./bank/question-bank-screen')),
  screenRoute(paths.newQuestionItem, 'form', () => import('./bank/item-editor-screen')),
  screenRoute(paths.questionImport, 'form', () => import('./bank/question-import-screen')),
  screenRoute(paths.questionItem, 'live', () => import('./bank/item-editor-screen')),
];
