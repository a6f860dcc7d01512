import { defineRoutes } from './meta.js';

/**
 * New: the academy's own settings (name, time zone, links, logo, backgrounds), set by an
 * administrator; the branding calls answer from them, with the environment's values as defaults.
 */
export const settingsRoutes = defineRoutes({
  getSettings: {
    method: 'GET',
    path: '/api/get_settings.php',
    access: 'admin',
    encoding: 'query',
  },
  /** Saves what it is sent (absent fields stay as they are); images are uploads. */
  saveSettings: {
    method: 'POST',
    path: '/api/save_settings.php',
    access: 'admin',
    encoding: 'multipart',
    changes: ['settings'],
  },
});
