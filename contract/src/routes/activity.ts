import { defineRoutes } from './meta.js';

export const activityRoutes = defineRoutes({
  updateActivity: {
    method: 'POST',
    path: '/api/update_activity.php',
    access: 'user',
    encoding: 'json',
    ownSession: true,
    changes: [],
  },
  onlineUsers: { method: 'GET', path: '/api/online_users.php', access: 'admin', encoding: 'query' },
});
