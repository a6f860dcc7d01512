import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';

/** How long a download link works: long enough to read a list and click, short enough to go stale. */
export const FILE_LINK_TTL_MS = 2 * 60 * 60_000;

/**
 * The secret that signs download links: FILE_SIGNING_SECRET, or one generated on the first
 * start and kept in the database, so every instance on that database signs alike.
 */
export async function loadSigningSecret(
  db: Db,
  config: Pick<Config, 'FILE_SIGNING_SECRET'>,
): Promise<string> {
  if (config.FILE_SIGNING_SECRET) return config.FILE_SIGNING_SECRET;
  await db
    .insertInto('app_settings')
    .values({ key: 'file_signing_secret', value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', 'file_signing_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}

const mac = (secret: string, fileId: number, expires: number, userId: number) =>
  createHmac('sha256', secret).update(`${fileId}.${expires}.${userId}`).digest('base64url');

/**
 * A download link for one user, relative to the API base (`files/<id>?exp=…&u=…&sig=…`): a
 * capability that works from a new tab, where no Authorization header can be sent.
 */
export function signFileUrl(secret: string, fileId: number, userId: number, now: number): string {
  const expires = Math.floor((now + FILE_LINK_TTL_MS) / 1000);
  return `files/${fileId}?exp=${expires}&u=${userId}&sig=${mac(secret, fileId, expires, userId)}`;
}

export type LinkCheck = 'ok' | 'expired' | 'bad-signature';

export function checkFileLink(
  secret: string,
  link: { fileId: number; expires: number; userId: number; signature: string },
  now: number,
): LinkCheck {
  const expected = Buffer.from(mac(secret, link.fileId, link.expires, link.userId));
  const given = Buffer.from(link.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad-signature';
  if (link.expires * 1000 < now) return 'expired';
  return 'ok';
}
