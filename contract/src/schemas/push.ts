import { z } from 'zod';
import { defineSchemas, Id, NoPayload, nameText, SuccessResponse, Timestamp } from './common.js';

/** The longest push endpoint taken: the push services' own are a few hundred characters. */
export const MAX_PUSH_ENDPOINT = 1000;

/** https://, a host (and port) without a user name or password, then a path; no spaces. */
const HTTPS_ADDRESS = /^https:\/\/[^\s/?#@\\]+(?:[/?#]\S*)?$/;

/**
 * A push service's address for one device: https only (RFC 8030 requires it, and the server
 * posts to it), without a user name or password in it.
 */
const Endpoint = z
  .string({ error: 'Please give the endpoint.' })
  .trim()
  .min(1, { error: 'Please give the endpoint.' })
  .max(MAX_PUSH_ENDPOINT, { error: `must be at most ${MAX_PUSH_ENDPOINT} characters` })
  .regex(HTTPS_ADDRESS, {
    error: 'must be an https address',
  });

/** Base64url as browsers write it (PushSubscription.toJSON()), padding taken off if sent. */
const base64url = (pattern: RegExp, words: string) =>
  z
    .string({ error: `must be ${words}` })
    .overwrite((value) => value.trim().replace(/=+$/, ''))
    .regex(pattern, { error: `must be ${words}` });

/**
 * The device's P-256 public key (RFC 8291): 65 bytes, an uncompressed point (0x04 first),
 * so 87 base64url characters starting 'B' whose last carries two bits of padding.
 */
const P256dh = base64url(
  /^B[A-Za-z0-9_-]{85}[AEIMQUYcgkosw048]$/,
  'the 65-byte key of a P-256 point, in base64url',
);
/** The device's authentication secret: 16 bytes, 22 base64url characters. */
const AuthSecret = base64url(/^[A-Za-z0-9_-]{21}[AQgw]$/, 'a 16-byte secret, in base64url');

export const GetPushKeyResponse = z.object({
  success: z.literal(true),
  /** The application server key (RFC 8292), base64url, for PushManager.subscribe. */
  public_key: z.string(),
});

export const SavePushSubscriptionRequest = z.object({
  endpoint: Endpoint,
  keys: z.object({ p256dh: P256dh, auth: AuthSecret }, { error: 'Please give the keys.' }),
  /** What the browser calls the device ("Chrome on Android"), for the person's list. */
  device: nameText(100, 'Please give the device name.'),
});

export const DeletePushSubscriptionRequest = z.object({ endpoint: Endpoint });

export const PushDevice = z.object({
  id: Id,
  device: z.string(),
  added_at: Timestamp,
  /** When a push last reached its push service; null: none yet. */
  last_sent_at: Timestamp.nullable(),
});

export const ListPushDevicesResponse = z.object({
  success: z.literal(true),
  devices: z.array(PushDevice),
});

export const pushSchemas = defineSchemas({
  getPushKey: { request: NoPayload, response: GetPushKeyResponse },
  savePushSubscription: { request: SavePushSubscriptionRequest, response: SuccessResponse },
  deletePushSubscription: { request: DeletePushSubscriptionRequest, response: SuccessResponse },
  listPushDevices: { request: NoPayload, response: ListPushDevicesResponse },
});
