import type { FastifyInstance } from 'fastify';
import { SmsSender } from './sms-sender.js';

/**
 * The SMS channel's service (issue 31, point 4): registered right after the outbox service, it
 * puts the SMS sender into `channels`. It is there whether or not SMS is set up: the sender
 * reads the gateway at each send, so a gateway saved on any instance is used by the one that
 * sends, and letters queued before SMS was turned off are skipped rather than left waiting.
 */
export default async function smsService(app: FastifyInstance) {
  const { db, now, settings } = app.deps;
  app.deps.channels.sms = new SmsSender({
    db,
    now,
    academy: () => ({ name: settings.current.academyName, timeZone: settings.current.timeZone }),
  });
}
