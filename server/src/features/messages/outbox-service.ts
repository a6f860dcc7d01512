import type { Channel } from '@academy/contract/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runWhileOpen } from '../../db/leased-worker.js';
import { warnTo } from '../../warn.js';
import type { ChannelSender } from './channels.js';
import { OutboxSender } from './outbox-sender.js';

declare module '../../http/call.js' {
  interface AppServices {
    /** The outbox's sender, on the one instance holding its lease (outbox-sender.ts). */
    outbox: OutboxSender;
    /**
     * The channels the outbox sends through, each its own service's sender: push, e-mail and
     * SMS are always there (e-mail and SMS refuse a letter while the academy has not set them
     * up on Settings). A test puts recording channels in their places.
     */
    channels: Partial<Record<Channel, ChannelSender>>;
  }
}

/**
 * The outbox service (issue 31, point 1): it stands on the settings, whose quiet hours and
 * time zone it reads, and on the channels' services, whose senders it sends through.
 */
async function outboxService(app: FastifyInstance) {
  const { db, now, config } = app.base;
  const { settings } = app;
  const channels: Partial<Record<Channel, ChannelSender>> = {
    push: app.push.sender,
    email: app.emailChannel,
    sms: app.smsSender,
  };
  const outbox = new OutboxSender({
    db,
    now,
    everyMs: config.OUTBOX_EVERY_SECONDS * 1000,
    clock: () => ({
      timeZone: settings.current.timeZone,
      quietHours: settings.current.quietHours ?? { from: null, to: null },
    }),
    senders: () => channels,
    warn: warnTo(app.log),
  });
  app.decorate('channels', channels);
  app.decorate('outbox', outbox);
  runWhileOpen(app, outbox);
}

export default fp(outboxService, {
  name: 'outbox',
  dependencies: ['settings', 'push', 'sms', 'email'],
});
