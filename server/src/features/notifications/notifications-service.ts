import type { FastifyInstance } from 'fastify';
import { warnTo } from '../../warn.js';
import { SendingFinisher } from './sending-finisher.js';

declare module '../../http/call.js' {
  interface AppDeps {
    /** Finishes notifications to many left half written (sending-finisher.ts). */
    sendingFinisher: SendingFinisher;
  }
}

/**
 * The notifications service: on whichever instance holds its lease, every
 * SENDINGS_EVERY_SECONDS, notifications to many whose writer died are finished. Registered
 * after the settings service, whose outbox setup it reads.
 */
export default async function notificationsService(app: FastifyInstance) {
  const { db, now, config, settings, live } = app.deps;
  const finisher = new SendingFinisher({
    db,
    now,
    everyMs: config.SENDINGS_EVERY_SECONDS * 1000,
    outbox: () => settings.current.outbox,
    notify: (userIds) => live.publish('notifications', { users: userIds, admins: true }),
    warn: warnTo(app.log),
  });
  app.deps.sendingFinisher = finisher;
  app.addHook('onReady', async () => {
    finisher.start();
  });
  app.addHook('preClose', async () => {
    await finisher.stop();
  });
}
