import { quietMinutesLeft } from '@academy/contract/quiet-hours';
import type { Currency } from '@academy/contract/tuition/money';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/index.js';
import { type LeasedWorker, leasedWorker, runWhileOpen } from '../../db/leased-worker.js';
import type { Tell } from '../../domain/tell.js';
import type { Live } from '../../live/live.js';
import { type Warn, warnTo } from '../../warn.js';
import { readReminderRules, sendInstalmentReminders } from './reminders-data.js';

/**
 * Sends the automatic payment reminders (issue 52, point 5) on whichever instance holds the
 * lease, every REMINDERS_EVERY_SECONDS, as the due-date reminders go. Money is never urgent:
 * during the academy's quiet hours nothing goes, and what is due goes when they end. Nothing
 * goes before the academy has a currency (there is no amount to name).
 */
export function paymentReminders(options: {
  db: Db;
  now: () => number;
  /** The academy's today (its time zone's). */
  today: () => string;
  everyMs: number;
  /** The settings in force (app.settings): what the run reads of them. */
  settings: {
    current: {
      currency: Currency | null;
      academyName: string;
      timeZone: string;
      quietHours: { from: string; to: string } | null;
    };
  };
  tell: Tell;
  live: Pick<Live, 'publish'>;
  warn: Warn;
}): LeasedWorker<number[]> {
  const { db, settings } = options;
  return leasedWorker({
    name: 'payment-reminders',
    db,
    now: options.now,
    everyMs: options.everyMs,
    warn: options.warn,
    idle: () => [],
    run: async (now) => {
      const { currency, academyName, timeZone, quietHours } = settings.current;
      if (!currency) return [];
      if (quietMinutesLeft(now, timeZone, quietHours?.from, quietHours?.to) > 0) return [];
      const { rules } = await readReminderRules(db);
      const told = await sendInstalmentReminders(db, {
        rules,
        today: options.today(),
        academy: academyName,
        currency,
        now,
        tell: options.tell,
      });
      if (told.length > 0)
        await options.live.publish('notifications', { users: told, admins: true });
      return told;
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the automatic payment reminders (payment-reminders.ts). */
    paymentReminders: LeasedWorker<number[]>;
  }
}

async function paymentReminderService(app: FastifyInstance) {
  const { db, now, config } = app.base;
  const worker = paymentReminders({
    db,
    now,
    today: app.today,
    everyMs: config.REMINDERS_EVERY_SECONDS * 1000,
    settings: app.settings,
    tell: app.tell,
    live: app.live,
    warn: warnTo(app.log),
  });
  app.decorate('paymentReminders', worker);
  runWhileOpen(app, worker);
}

export default fp(paymentReminderService, {
  name: 'payment-reminders',
  dependencies: ['settings', 'live', 'tell'],
});
