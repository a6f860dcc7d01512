import type { quizPlacementSchemas } from '@academy/contract';
import type { AccessCase } from './access-case.js';

/** A student's placement tests, on their page (issue 51, points 9 and 10): staff who reach A. */
export const quizPlacementCases: Record<keyof typeof quizPlacementSchemas, AccessCase> = {
  studentPlacements: { payload: (w) => ({ user_id: w.a.id }) },
};
