import type { Channel } from '@academy/contract/messages';
import type { FastifyInstance } from 'fastify';
import { warnTo } from '../../warn.js';
import type { ChannelSender } from './channels.js';
import { OutboxSender } from './outbox-sender.js';

declare module '../../http/call.js' {
  interface AppDeps {
    /** The outbox's sender, on the one instance holding its lease (outbox-sender.ts). */
    outbox: OutboxSender;
    /**
     * The channels set up: each channel's service adds its sender here (push at start, e-mail
     * and SMS once the academy sets them up on Settings, and gone when it clears them).
     */
    channels: Partial<Record<Channel, ChannelSender>>;
  }
}

/**
 * The outbox service (issue 31, point 1): registered after the settings service, whose quiet
 * hours and time zone it reads, and before the channels' services, which add their senders.
 */
export default async function outboxService(app: FastifyInstance) {
  const { db, now, config, settings } = app.deps;
  app.deps.channels = {};
  const outbox = new OutboxSender({
    db,
    now,
    everyMs: config.OUTBOX_EVERY_SECONDS * 1000,
    clock: () => ({
      timeZone: settings.current.timeZone,
      quietHours: settings.current.quietHours ?? { from: null, to: null },
    }),
    senders: () => app.deps.channels,
    warn: warnTo(app.log),
  });
  app.deps.outbox = outbox;
  app.addHook('onReady', async () => {
    outbox.start();
  });
  app.addHook('preClose', async () => {
    await outbox.stop();
  });
}
