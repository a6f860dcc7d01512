import { defineRoutes } from './meta.js';

export const accountRoutes = defineRoutes({
  login: { method: 'POST', path: '/api/login.php', access: 'public', encoding: 'form' },
  /** New: revokes the caller's token on the server; the web Logout calls it. */
  logout: { method: 'POST', path: '/api/logout.php', access: 'user', encoding: 'json' },
});
