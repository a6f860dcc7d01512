import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { reachOf } from '../../http/addresses.js';
import { Outbound } from '../../http/outbound.js';
import { warnTo } from '../../warn.js';
import { keepPushOrigin, loadVapidKeys, pushOrigin, vapidSubject } from './push-keys.js';
import { PushSender } from './push-sender.js';

/** How long an instance trusts the kept origin before reading it again. */
const ORIGIN_MS = 60_000;
/** Letters on their way at once: a push service answers in about 100 ms. */
const LETTERS_AT_ONCE = 50;

export interface PushService {
  /** The application server key browsers subscribe with. */
  publicKey: string;
  sender: PushSender;
  /** Keeps the origin a subscription was saved from, when it is not the one kept. */
  noteOrigin(origin: string): Promise<void>;
}

declare module '../../http/call.js' {
  interface AppServices {
    /** Web push (issue 31, point 2): the VAPID key and the push channel's sender. */
    push: PushService;
  }
}

/**
 * The push channel's service: it makes or reads the VAPID keys (push-keys.ts); its sender is
 * the outbox's push channel (the outbox service asks for it).
 */
async function pushService(app: FastifyInstance) {
  const { db, now, config } = app.base;
  const { settings } = app;
  const keys = await loadVapidKeys(db);
  let origin: { value: string | null; readAt: number } | undefined;
  const readOrigin = async () => {
    if (!origin || now() - origin.readAt > ORIGIN_MS)
      origin = { value: await pushOrigin(db), readAt: now() };
    return origin.value;
  };
  const sender = new PushSender({
    db,
    now,
    keys,
    subject: async () => vapidSubject(await readOrigin()),
    academyName: () => settings.current.academyName,
    parallel: LETTERS_AT_ONCE,
    outbound: new Outbound(reachOf('push', config), 'PUSH_LOCAL_ENDPOINTS'),
    warn: warnTo(app.log),
  });
  app.decorate('push', {
    publicKey: keys.publicKey,
    sender,
    noteOrigin: async (value: string) => {
      if ((await readOrigin()) === value) return;
      await keepPushOrigin(db, value);
      origin = { value, readAt: now() };
    },
  });
}

export default fp(pushService, { name: 'push', dependencies: ['settings'] });
