import { createPublicKey } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { formatOptionalTimestamp, formatTimestamp } from '../../db/time.js';
import { hostRefusal, reachOf, refusalWords } from '../../http/addresses.js';
import { handle } from '../../http/call.js';
import { badRequest } from '../../http/errors.js';
import { deleteSubscription, devicesOf, saveSubscription } from './push-data.js';

/** Whether a device key is a point on P-256, so that encrypting for it can work. */
function isCurvePoint(p256dh: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Web push per device (issue 31, point 2): every call is about the caller's own devices. The
 * sending is the push channel's (push-sender.ts), from the outbox.
 */
export default async function pushRoutes(app: FastifyInstance) {
  handle(app, 'getPushKey', async ({ push }) => ({ success: true, public_key: push.publicKey }));

  handle(app, 'savePushSubscription', async ({ db, caller, input, now, push, request, config }) => {
    // Judged on the address as written here, and again on what its name resolves to when a
    // push goes (push-sender.ts): a name may lead to loopback, or start to later.
    const host = URL.parse(input.endpoint)?.hostname;
    // A host no URL can have (https://[zz]/, https://1.2.3.4.5/): never reachable.
    if (host === undefined) throw badRequest('endpoint must be an https address.');
    const refusal = hostRefusal(host, reachOf('push', config));
    if (refusal)
      throw badRequest(
        `endpoint must be a push service on the internet: ${refusalWords(refusal)}.`,
      );
    if (!isCurvePoint(input.keys.p256dh))
      throw badRequest('keys.p256dh is not a point on the P-256 curve.');
    await saveSubscription(
      db,
      caller.id,
      {
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        device: input.device,
      },
      now(),
    );
    // The VAPID subject: the address the app is reached at (push-keys.ts).
    await push.noteOrigin(`${request.protocol}://${request.host}`);
    return { success: true, message: 'Notifications are on for this device.' };
  });

  handle(app, 'deletePushSubscription', async ({ db, caller, input }) => {
    await deleteSubscription(db, caller.id, input.endpoint);
    // The same answer whether it was theirs, nobody's or another person's: nothing to learn.
    return { success: true, message: 'Notifications are off for this device.' };
  });

  handle(app, 'listPushDevices', async ({ db, caller }) => {
    const devices = await devicesOf(db, caller.id);
    return {
      success: true,
      devices: devices.map((d) => ({
        id: d.id,
        device: d.device,
        added_at: formatTimestamp(d.created_at),
        last_sent_at: formatOptionalTimestamp(d.last_sent_at),
      })),
    };
  });
}
