import { defineRoutes } from './meta.js';

export const brandingRoutes = defineRoutes({
  logo: { method: 'GET', path: '/api/logo.php', access: 'public', encoding: 'query' },
  loginBackground: {
    method: 'GET',
    path: '/api/login_bg.php',
    access: 'public',
    encoding: 'query',
  },
  userBackground: { method: 'GET', path: '/api/user_bg.php', access: 'public', encoding: 'query' },
  /** New: the academy's name and external links, so one build serves any academy. */
  appConfig: { method: 'GET', path: '/api/app_config.php', access: 'public', encoding: 'query' },
});
