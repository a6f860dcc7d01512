import { defineRoutes } from './meta.js';

export const accountRoutes = defineRoutes({
  login: {
    method: 'POST',
    path: '/api/login.php',
    access: 'public',
    encoding: 'form',
    changes: [],
  },
  /** New: revokes the caller's token on the server; the web Logout calls it. */
  logout: {
    method: 'POST',
    path: '/api/logout.php',
    access: 'user',
    encoding: 'json',
    ownSession: true,
    changes: [],
  },
  /** New: anyone signed in changes their own password, giving the current one. */
  changePassword: {
    method: 'POST',
    path: '/api/change_password.php',
    access: 'user',
    encoding: 'json',
    ownSession: true,
    changes: [],
  },
  /** New: an admin sets a new password for a user; the user's sessions end at once. */
  resetPassword: {
    method: 'POST',
    path: '/api/reset_password.php',
    access: 'admin',
    encoding: 'json',
    changes: ['users'],
  },
  /** New: an admin deactivates (or reactivates) a user; a deactivated user's tokens stop at once. */
  setUserActive: {
    method: 'POST',
    path: '/api/set_user_active.php',
    access: 'admin',
    encoding: 'json',
    changes: ['users'],
  },
});
