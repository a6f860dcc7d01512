import type { FastifyInstance } from 'fastify';
import { warnTo } from '../../warn.js';
import { ReminderScheduler } from './reminder-scheduler.js';

declare module '../../http/call.js' {
  interface AppDeps {
    /** Due-date reminders, sent by the one instance holding their lease (reminder-scheduler.ts). */
    reminders: ReminderScheduler;
  }
}

/**
 * The reminders service, a plugin that adds itself to the dependencies: on whichever instance
 * holds their lease, due-date reminders are looked for every REMINDERS_EVERY_SECONDS, by the
 * settings in force. Registered after the settings service, whose settings it reads.
 */
export default async function reminderService(app: FastifyInstance) {
  const { db, now, config, settings, live } = app.deps;
  const reminders = new ReminderScheduler({
    db,
    now,
    everyMs: config.REMINDERS_EVERY_SECONDS * 1000,
    rules: () => ({
      leadHours: settings.current.reminderLeadHours,
      timeZone: settings.current.timeZone,
      quietHours: settings.current.quietHours,
    }),
    outbox: () => settings.current.outbox,
    notify: (userIds) => live.publish('notifications', { users: userIds, admins: true }),
    warn: warnTo(app.log),
  });
  app.deps.reminders = reminders;
  app.addHook('onReady', async () => {
    reminders.start();
  });
  app.addHook('preClose', async () => {
    await reminders.stop();
  });
}
