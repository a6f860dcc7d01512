import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type LeasedWorker, runWhileOpen } from '../../db/leased-worker.js';
import { warnTo } from '../../warn.js';
import { sendingFinisher } from './sending-finisher.js';

declare module '../../http/call.js' {
  interface AppServices {
    /** Finishes notifications to many left half written (sending-finisher.ts). */
    sendingFinisher: LeasedWorker<number[]>;
  }
}

/**
 * The notifications service: on whichever instance holds its lease, every
 * SENDINGS_EVERY_SECONDS, notifications to many whose writer died are finished, with the
 * settings' outbox setup in force, and the students written hear of it.
 */
async function notificationsService(app: FastifyInstance) {
  const { db, now, config } = app.base;
  const { live, tell } = app;
  const finisher = sendingFinisher({
    db,
    now,
    everyMs: config.SENDINGS_EVERY_SECONDS * 1000,
    tell,
    notify: (userIds) => live.publish('notifications', { users: userIds, admins: true }),
    warn: warnTo(app.log),
  });
  app.decorate('sendingFinisher', finisher);
  runWhileOpen(app, finisher);
}

export default fp(notificationsService, {
  name: 'notifications',
  dependencies: ['live', 'tell'],
});
