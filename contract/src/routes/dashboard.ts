import { defineRoutes } from './meta.js';

export const dashboardRoutes = defineRoutes({
  /**
   * New: what needs doing, in four counts for the admin dashboard's tiles (new submissions,
   * assignments unread, students online, speaking answers waiting). Read again on the live
   * topics that move them (web/src/app/live-updates.ts).
   */
  getAdminCounts: {
    method: 'GET',
    path: '/api/get_admin_counts.php',
    access: 'admin',
    encoding: 'query',
  },
  /**
   * New (issue 29): today's class sessions with their rolls, and the hand-ins and spoken
   * answers waiting for a correction: a teacher's home (their classes only), and the rolls not
   * yet taken on the administrator's dashboard (every class).
   */
  getTeachingDay: {
    method: 'GET',
    path: '/api/get_teaching_day.php',
    access: 'staff',
    encoding: 'query',
    lists: true,
  },
});
