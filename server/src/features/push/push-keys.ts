import webPush from 'web-push';
import type { Db } from '../../db/index.js';

/** The academy's VAPID key pair (RFC 8292), base64url as web-push writes them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEYS = 'vapid_keys';
const ORIGIN = 'push_origin';

/**
 * The VAPID keys: made on the first start and kept in the database, as the file signing
 * secret is (files/signing.ts), so every instance and every restart signs with the same pair.
 * A new pair would orphan every subscription: browsers bind a subscription to the key it was
 * made with. Two instances starting together both try to insert; the first row wins and both
 * read it back. One row holds both halves, so they can never come from different pairs.
 */
export async function loadVapidKeys(db: Db): Promise<VapidKeys> {
  const made = webPush.generateVAPIDKeys();
  await db
    .insertInto('app_settings')
    .values({ key: KEYS, value: JSON.stringify(made) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', KEYS)
    .executeTakeFirstOrThrow();
  const kept = JSON.parse(row.value) as VapidKeys;
  return { publicKey: kept.publicKey, privateKey: kept.privateKey };
}

/**
 * The origin people reach the app at, as the last subscription saved was made from (the
 * certificates' QR codes read it from the request the same way): the VAPID subject, the
 * address a push service's operator is given to contact the sender. Kept beside the keys, so
 * the instance that sends (the outbox's lease) knows it whichever instance saw the request.
 */
export async function keepPushOrigin(db: Db, origin: string): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key: ORIGIN, value: origin })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: origin }))
    .execute();
}

export async function pushOrigin(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', ORIGIN)
    .executeTakeFirst();
  return row?.value ?? null;
}

/**
 * The VAPID subject (RFC 8292, section 2.1) must be an https: or mailto: URL, and web-push
 * refuses anything else. The app's https origin is; an app reached over plain http (a
 * developer's machine: browsers allow push only on localhost then) gets a mailto: of its host.
 */
export function vapidSubject(origin: string | null): string {
  if (!origin) return 'mailto:webmaster@localhost';
  const url = new URL(origin);
  return url.protocol === 'https:' ? url.origin : `mailto:webmaster@${url.hostname}`;
}
