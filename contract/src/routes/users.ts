import { defineRoutes } from './meta.js';

export const userRoutes = defineRoutes({
  addUser: {
    method: 'POST',
    path: '/api/add-user.php',
    access: 'admin',
    encoding: 'multipart',
    changes: ['users'],
  },
  getUsers: { method: 'GET', path: '/api/get-users.php', access: 'admin', encoding: 'query' },
  userList: { method: 'GET', path: '/api/user_list.php', access: 'admin', encoding: 'query' },
});
