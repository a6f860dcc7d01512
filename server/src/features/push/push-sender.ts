import type https from 'node:https';
import tls from 'node:tls';
import webPush, { type WebPushError } from 'web-push';
import { GatheredWrites } from '../../db/gathered-writes.js';
import type { Db } from '../../db/index.js';
import { type Outbound, RefusedAddress } from '../../http/outbound.js';
import type { Warn } from '../../warn.js';
import { type ChannelSender, type Letter, SendFailure } from '../messages/channels.js';
import { type DeviceRow, devicesOf, dropSubscription, noteSent } from './push-data.js';
import type { VapidKeys } from './push-keys.js';
import { deliveryOf, pushOf } from './push-letter.js';

export const NO_DEVICE = 'No device has push turned on.';

/** How long a push service may take to answer before the device counts as failed. */
const ANSWER_MS = 15_000;
/**
 * A VAPID signature (a JWT for a push service's origin) is made again after this long. Each
 * is valid 12 hours (web-push's default; at most 24): signing one per push took two thirds of
 * a push's CPU (0.54 of 0.8 ms), on the thread every request shares.
 */
const SIGNATURE_KEPT_MS = 3_600_000;

interface PushSenderOptions {
  db: Db;
  now: () => number;
  keys: VapidKeys;
  /** The VAPID subject (push-keys.ts vapidSubject), read when a letter goes. */
  subject: () => Promise<string>;
  academyName: () => string;
  /** How many letters at once. */
  parallel: number;
  /** The push channel's connections: only to addresses its reach allows (http/outbound.ts). */
  outbound: Outbound;
  warn: Warn;
}

type Outcome = { device: DeviceRow } & (
  | { sent: true }
  | { sent: false; gone: boolean; refused: boolean; reason: string }
);

/**
 * The push channel (issue 31, point 2): a letter goes to each of its person's devices at once
 * (at most MAX_DEVICES, push-data.ts), signed with the academy's VAPID key and encrypted for
 * each device (RFC 8291, aes128gcm) by web-push. The letter's key travels as the
 * notification's tag, so a letter sent again after a kill replaces its notification.
 *
 * No Topic header: a topic per kind would let a push service replace one waiting message by
 * another of a different text, and one per letter (the key) runs into FCM's limit of four
 * collapse keys waiting per device, beyond which it may drop messages (docs/decisions.md).
 */
export class PushSender implements ChannelSender {
  readonly channel = 'push' as const;
  readonly parallel: number;
  /** 10,000 devices in under a minute: each push is encrypted and signed on this thread. */
  readonly perSecond = 200;
  /**
   * How the push services are reached: connections kept alive, each opened only to an address
   * the push channel's reach allows, judged as it is connected (a name that resolves to
   * loopback reaches nothing). web-push follows no redirect: a 3xx is a failed push.
   */
  private agent: https.Agent;
  /** The devices reached, their last_sent_at written together (db/gathered-writes.ts). */
  private readonly reached: GatheredWrites;
  /** The VAPID header per push service origin and subject, and until when it is used. */
  private readonly signatures = new Map<string, { authorization: string; until: number }>();

  constructor(private readonly options: PushSenderOptions) {
    this.parallel = options.parallel;
    this.agent = options.outbound.httpsAgent();
    this.reached = new GatheredWrites(
      (ids) => noteSent(options.db, ids, options.now()),
      (error) => options.warn(error, 'Could not note the devices a push reached.'),
    );
  }

  settle(): Promise<void> {
    return this.reached.flush();
  }

  /** The push channel's connections (a test gives them a resolver of its own). */
  get outbound(): Outbound {
    return this.options.outbound;
  }

  /**
   * Trusts `certificates` too, besides the usual roots: the tests' push service on loopback
   * (a server in another process is given it as NODE_EXTRA_CA_CERTS instead).
   */
  trust(certificates: string[]): void {
    this.agent.destroy();
    this.agent = this.options.outbound.httpsAgent({
      ca: [...tls.rootCertificates, ...certificates],
    });
  }

  async send(letter: Letter): Promise<void> {
    // The outbox queues guardians only e-mail and SMS (domain/tell.ts): a
    // guardian has no devices here, and the student's must never show their guardian's letter.
    if (letter.guardianId !== null)
      throw new SendFailure('A letter to a guardian never goes by push.', 'failed');
    const { db } = this.options;
    const devices = await devicesOf(db, letter.userId);
    if (devices.length === 0) throw new SendFailure(NO_DEVICE, 'skipped');
    const payload = JSON.stringify(pushOf(letter, this.options.academyName()));
    const delivery = deliveryOf(letter);
    const subject = await this.options.subject();
    const outcomes = await Promise.all(
      devices.map(async (device): Promise<Outcome> => {
        try {
          await webPush.sendNotification(
            { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
            payload,
            {
              headers: { Authorization: this.signatureFor(device.endpoint, subject) },
              TTL: delivery.ttlSeconds,
              urgency: delivery.urgency,
              timeout: ANSWER_MS,
              agent: this.agent,
            },
          );
          return { device, sent: true };
        } catch (error) {
          const status = (error as Partial<WebPushError>).statusCode;
          const gone = status === 404 || status === 410;
          if (gone) await dropSubscription(db, device);
          const refused = error instanceof RefusedAddress;
          return { device, sent: false, gone, refused, reason: failureWords(error) };
        }
      }),
    );
    const reached = outcomes.filter((o) => o.sent).map((o) => o.device.id);
    if (reached.length > 0) {
      this.reached.add(reached);
      return;
    }
    const failed = outcomes.filter((o) => !o.sent && !o.gone);
    // Every device gone: the person has none now, which is no fault.
    if (failed.length === 0) throw new SendFailure(NO_DEVICE, 'skipped');
    const first = failed[0] as Extract<Outcome, { sent: false }>;
    const count = failed.length === 1 ? 'its device' : `all ${failed.length} of its devices`;
    // Endpoints whose addresses are refused stay refused: trying again would change nothing.
    const refused = failed.every((o) => !o.sent && o.refused);
    throw new SendFailure(
      `The push service did not take it for ${count}: ${first.reason}`,
      refused ? 'failed' : 'retry',
    );
  }

  /**
   * The Authorization header for a push service (RFC 8292: a JWT for its origin, signed with
   * the academy's VAPID key), made once an hour per origin rather than once a push.
   */
  private signatureFor(endpoint: string, subject: string): string {
    const audience = new URL(endpoint).origin;
    const kept = this.signatures.get(`${audience} ${subject}`);
    const at = this.options.now();
    if (kept && kept.until > at) return kept.authorization;
    const { publicKey, privateKey } = this.options.keys;
    const { Authorization } = webPush.getVapidHeaders(
      audience,
      subject,
      publicKey,
      privateKey,
      'aes128gcm',
    );
    this.signatures.set(`${audience} ${subject}`, {
      authorization: Authorization,
      until: at + SIGNATURE_KEPT_MS,
    });
    return Authorization;
  }
}

/** A failed send in words an administrator can act on. */
function failureWords(error: unknown): string {
  if (error instanceof RefusedAddress) return `${error.message}.`;
  const e = error as Partial<WebPushError> & { code?: string };
  if (typeof e.statusCode === 'number') {
    const said = typeof e.body === 'string' ? e.body.trim().slice(0, 120) : '';
    return `it answered ${e.statusCode}${said ? ` (${said})` : ''}.`;
  }
  if (e.code) return `it could not be reached (${e.code}).`;
  return `${e.message ?? String(error)}.`;
}
