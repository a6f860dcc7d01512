import type { MessageKind } from '@academy/contract/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/index.js';
import { reachOf } from '../../http/addresses.js';
import { Outbound } from '../../http/outbound.js';
import { type SmsEstimate, sealPlainHeaders, smsEstimate } from './sms-data.js';
import { GatewayConnections } from './sms-gateway.js';
import { SmsSender } from './sms-sender.js';

declare module '../../http/call.js' {
  interface AppServices {
    /**
     * The SMS channel's connections to the gateway, on its reach (sms-gateway.ts): the
     * outbox's SMS and a test SMS go through them.
     */
    smsGateway: GatewayConnections;
    /** The outbox's SMS channel (sms-sender.ts). */
    smsSender: SmsSender;
    /**
     * What a message of `kind` (an announcement unless said) to these students would queue in
     * SMS, beside the month's cap: asked by any feature's confirmation before a send to many,
     * through the service rather than this feature's files.
     */
    smsEstimate: (db: Db, userIds: number[], kind?: MessageKind) => Promise<SmsEstimate>;
  }
}

/**
 * The SMS channel's service (issue 31, point 4): its sender is the outbox's SMS channel (the
 * outbox service asks for it). It is there whether or not SMS is set up: the sender
 * reads the gateway at each send, so a gateway saved on any instance is used by the one that
 * sends, and letters queued before SMS was turned off are skipped rather than left waiting.
 */
async function smsService(app: FastifyInstance) {
  const { db, now, config } = app.base;
  const { settings } = app;
  const connections = new GatewayConnections(
    new Outbound(reachOf('sms', config), 'LOOPBACK_GATEWAYS'),
  );
  app.decorate('smsGateway', connections);
  const sender = new SmsSender({
    db,
    now,
    connections,
    academy: () => ({ name: settings.current.academyName, timeZone: settings.current.timeZone }),
    key: config.SETTINGS_KEY,
  });
  app.decorate('smsSender', sender);
  app.decorate('smsEstimate', (db: Db, userIds: number[], kind?: MessageKind) =>
    smsEstimate(db, userIds, {
      now: now(),
      timeZone: settings.current.timeZone,
      outbox: settings.current.outbox,
      kind,
    }),
  );
  // A gateway saved before header values were sealed is sealed now, if this server can.
  if ((await sealPlainHeaders(db, config.SETTINGS_KEY)) === 'no-key')
    app.log.warn(
      "The SMS gateway's header values are kept in plain text: set SETTINGS_KEY and restart, and they are sealed.",
    );
}

export default fp(smsService, { name: 'sms', dependencies: ['settings'] });
