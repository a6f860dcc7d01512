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
});
