import type { RouteObject } from 'react-router';
import { screenRoute } from '../../shared/lazy';
import { paths } from '../../shared/paths';

/**
 * Quizzes (issue 51). The question bank is the academy's: administrators and teachers both
 * open it (a teacher changes only the items they wrote; the server checks it). Quizzes are
 * built, sent and read by staff (a teacher: their own quizzes, their students' attempts), and
 * taken by students. Each screen is its own chunk (bench:size).
 */
export const staffRoutes: RouteObject[] = [
  screenRoute(paths.questionBank, 'live', () => import('./bank/question-bank-screen')),
  screenRoute(paths.newQuestionItem, 'form', () => import('./bank/item-editor-screen')),
  screenRoute(paths.questionImport, 'form', () => import('./bank/question-import-screen')),
  screenRoute(paths.questionPassages, 'live', () => import('./bank/passages-screen')),
  screenRoute(paths.questionItem, 'live', () => import('./bank/item-editor-screen')),
  screenRoute(paths.quizzes, 'live', () => import('./builder/quizzes-screen')),
  screenRoute(paths.newQuiz, 'form', () => import('./builder/quiz-builder-screen')),
  screenRoute(paths.quiz, 'live', () => import('./builder/quiz-builder-screen')),
  screenRoute(paths.quizAttempts, 'live', () => import('./attempts/quiz-attempts-screen')),
  screenRoute(paths.quizAttempt, 'live', () => import('./attempts/attempt-screen')),
  screenRoute(paths.quizAnalysis, 'live', () => import('./analysis/quiz-analysis-screen')),
];

export const studentRoutes: RouteObject[] = [
  screenRoute(paths.myQuizzes, 'kept', () => import('./taking/my-quizzes-screen')),
  screenRoute(paths.quizTaking, 'keptChanges', () => import('./taking/attempt-screen')),
  screenRoute(paths.quizReview, 'kept', () => import('./taking/review-screen')),
];
