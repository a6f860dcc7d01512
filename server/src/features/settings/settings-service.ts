import type { FastifyInstance } from 'fastify';
import { dayInZone } from '../../db/time.js';
import { defaultsOf, SettingsCache } from './settings-data.js';

declare module '../../http/call.js' {
  interface AppDeps {
    /** The academy's settings in force (name, time zone, links, images), kept in memory. */
    settings: SettingsCache;
    /** Today in the academy's time zone (YYYY-MM-DD): what "due" and "done today" mean. */
    today: () => string;
  }
}

/**
 * The settings service, a plugin that adds itself to the handlers' dependencies: the
 * academy's settings, the environment's values their defaults, read before any call is
 * answered and read again whenever any instance saves them (app.ts tells it).
 */
export default async function settingsService(app: FastifyInstance) {
  const { db, config, now } = app.deps;
  const settings = new SettingsCache(db, defaultsOf(config));
  await settings.reload();
  app.deps.settings = settings;
  app.deps.today = () => dayInZone(now(), settings.current.timeZone);
}
