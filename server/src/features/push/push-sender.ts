import type https from 'node:https';
import webPush, { type WebPushError } from 'web-push';
import type { Db } from '../../db/index.js';
import { type ChannelSender, type Letter, SendFailure } from '../messages/channels.js';
import { type DeviceRow, devicesOf, dropSubscription, noteSent } from './push-data.js';
import type { VapidKeys } from './push-keys.js';
import { deliveryOf, pushOf } from './push-letter.js';

export const NO_DEVICE = 'No device has push turned on.';

/** How long a push service may take to answer before the device counts as failed. */
const ANSWER_MS = 15_000;

interface PushSenderOptions {
  db: Db;
  now: () => number;
  keys: VapidKeys;
  /** The VAPID subject (push-keys.ts vapidSubject), read when a letter goes. */
  subject: () => Promise<string>;
  academyName: () => string;
  /** How many letters at once. */
  parallel: number;
}

type Outcome = { device: DeviceRow } & (
  | { sent: true }
  | { sent: false; gone: boolean; reason: string }
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
   * How the push services are reached: Node's global agent (which keeps connections alive)
   * unless set; tests set one that trusts their loopback push service's certificate.
   */
  agent: https.Agent | undefined;

  constructor(private readonly options: PushSenderOptions) {
    this.parallel = options.parallel;
  }

  async send(letter: Letter): Promise<void> {
    // The outbox queues guardians only e-mail and SMS (outbox-data.ts queueMessages): a
    // guardian has no devices here, and the student's must never show their guardian's letter.
    if (letter.guardianId !== null)
      throw new SendFailure('A letter to a guardian never goes by push.', 'failed');
    const { db } = this.options;
    const devices = await devicesOf(db, letter.userId);
    if (devices.length === 0) throw new SendFailure(NO_DEVICE, 'skipped');
    const payload = JSON.stringify(pushOf(letter, this.options.academyName()));
    const delivery = deliveryOf(letter);
    const { publicKey, privateKey } = this.options.keys;
    const vapidDetails = { subject: await this.options.subject(), publicKey, privateKey };
    const outcomes = await Promise.all(
      devices.map(async (device): Promise<Outcome> => {
        try {
          await webPush.sendNotification(
            { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
            payload,
            {
              vapidDetails,
              TTL: delivery.ttlSeconds,
              urgency: delivery.urgency,
              timeout: ANSWER_MS,
              ...(this.agent ? { agent: this.agent } : {}),
            },
          );
          return { device, sent: true };
        } catch (error) {
          const status = (error as Partial<WebPushError>).statusCode;
          const gone = status === 404 || status === 410;
          if (gone) await dropSubscription(db, device);
          return { device, sent: false, gone, reason: failureWords(error) };
        }
      }),
    );
    const reached = outcomes.filter((o) => o.sent).map((o) => o.device.id);
    if (reached.length > 0) {
      await noteSent(db, reached, this.options.now());
      return;
    }
    const failed = outcomes.filter((o) => !o.sent && !o.gone);
    // Every device gone: the person has none now, which is no fault.
    if (failed.length === 0) throw new SendFailure(NO_DEVICE, 'skipped');
    const first = failed[0] as Extract<Outcome, { sent: false }>;
    const count = failed.length === 1 ? 'its device' : `all ${failed.length} of its devices`;
    throw new SendFailure(
      `The push service did not take it for ${count}: ${first.reason}`,
      'retry',
    );
  }
}

/** A failed send in words an administrator can act on. */
function failureWords(error: unknown): string {
  const e = error as Partial<WebPushError> & { code?: string };
  if (typeof e.statusCode === 'number') {
    const said = typeof e.body === 'string' ? e.body.trim().slice(0, 120) : '';
    return `it answered ${e.statusCode}${said ? ` (${said})` : ''}.`;
  }
  if (e.code) return `it could not be reached (${e.code}).`;
  return `${e.message ?? String(error)}.`;
}
