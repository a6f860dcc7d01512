import { defineRoutes } from './meta.js';

/** A new student's placement tests and the level they suggest (issue 51, point 9). */
export const quizPlacementRoutes = defineRoutes({
  /** The student's placement attempts, newest first, for their page (a teacher: their students). */
  studentPlacements: {
    method: 'GET',
    path: '/api/student_placements.php',
    access: 'staff',
    encoding: 'query',
    reach: { user_id: 'student' },
  },
});
