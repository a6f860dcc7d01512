import { defineRoutes } from './meta.js';

export const studentRoutes = defineRoutes({
  /**
   * New: one student's page for the admin (profile, schedule and attendance, assignments,
   * submissions and corrections, attempts), each section capped; the Leitner chart has its
   * own call (getLeitnerProgress). Read again on the live topics of its sections.
   */
  getStudentOverview: {
    method: 'GET',
    path: '/api/get_student_overview.php',
    access: 'staff',
    reach: { user_id: 'student' },
    encoding: 'query',
  },
});
