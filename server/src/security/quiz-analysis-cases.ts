import type { quizAnalysisSchemas } from '@academy/contract';
import type { AccessCase } from './access-case.js';

/**
 * Item analysis' calls in the access matrix (issue 51, points 7 and 10), on the world's quiz
 * (test-support/quiz-world.ts): staff only, a teacher within the quizzes they see.
 */
export const quizAnalysisCases: Record<keyof typeof quizAnalysisSchemas, AccessCase> = {
  quizAnalysis: { payload: (w) => ({ quiz_id: w.ids.quiz }) },
  exportQuizAnalysis: { payload: (w) => ({ quiz_id: w.ids.quiz }) },
  exportQuizAnalysisXlsx: { payload: (w) => ({ quiz_id: w.ids.quiz }) },
};
