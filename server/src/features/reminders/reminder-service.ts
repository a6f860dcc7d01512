import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type LeasedWorker, runWhileOpen } from '../../db/leased-worker.js';
import { warnTo } from '../../warn.js';
import { reminderScheduler } from './reminder-scheduler.js';

declare module '../../http/call.js' {
  interface AppServices {
    /** Due-date reminders, sent by the one instance holding their lease (reminder-scheduler.ts). */
    reminders: LeasedWorker<number[]>;
  }
}

/**
 * The reminders service: on whichever instance holds their lease, due-date reminders are
 * looked for every REMINDERS_EVERY_SECONDS, by the settings in force, and the students
 * reminded hear of it on their live streams.
 */
async function reminderService(app: FastifyInstance) {
  const { db, now, config } = app.base;
  const { settings, live, tell } = app;
  const reminders = reminderScheduler({
    db,
    now,
    everyMs: config.REMINDERS_EVERY_SECONDS * 1000,
    rules: () => ({
      leadHours: settings.current.reminderLeadHours,
      timeZone: settings.current.timeZone,
      quietHours: settings.current.quietHours,
    }),
    tell,
    notify: (userIds) => live.publish('notifications', { users: userIds, admins: true }),
    warn: warnTo(app.log),
  });
  app.decorate('reminders', reminders);
  runWhileOpen(app, reminders);
}

export default fp(reminderService, {
  name: 'reminders',
  dependencies: ['settings', 'live', 'tell'],
});
