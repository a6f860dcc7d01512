import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dayInZone } from '../../db/time.js';
import { defaultsOf, SettingsCache } from './settings-data.js';

declare module '../../http/call.js' {
  interface AppServices {
    /** The academy's settings in force (name, time zone, links, images), kept in memory. */
    settings: SettingsCache;
    /** Today in the academy's time zone (YYYY-MM-DD): what "due" and "done today" mean. */
    today: () => string;
  }
}

/**
 * The settings service: the academy's settings, the environment's values their defaults,
 * read before any call is answered and read again whenever any instance saves them (the live
 * service in app.ts tells it).
 */
async function settingsService(app: FastifyInstance) {
  const { db, config, now } = app.base;
  const settings = new SettingsCache(db, defaultsOf(config));
  await settings.reload();
  app.decorate('settings', settings);
  app.decorate('today', () => dayInZone(now(), settings.current.timeZone));
}

export default fp(settingsService, { name: 'settings', dependencies: [] });
