import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * A secret kept with the academy's settings (the SMTP password, the SMS gateway's header
 * values), encrypted with SETTINGS_KEY (config.ts) by AES-256-GCM: a fresh 12-byte nonce each
 * time, and the secret's purpose as additional data, so a sealed value copied into another
 * field does not open there. Written as `v1.<nonce>.<tag>.<ciphertext>` in base64url; the
 * version leaves room for another way.
 */
const TAG_BYTES = 16;

/** Why a secret cannot be kept: no SETTINGS_KEY on this server. */
export class NoSettingsKey extends Error {}

export function sealSecret(key: Buffer, secret: string, purpose: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const parts = [nonce, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
  return ['v1', ...parts].join('.');
}

/**
 * The secret, or undefined when it does not open with this key (another key, or a value that
 * was changed): the caller says so in words rather than sending a wrong password.
 */
export function openSecret(key: Buffer, sealed: string, purpose: string): string | undefined {
  const [version, nonce, tag, data] = sealed.split('.');
  if (version !== 'v1' || nonce === undefined || tag === undefined || data === undefined)
    return undefined;
  try {
    // The tag's length is fixed: GCM would otherwise take a cut tag, far easier to forge.
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(purpose, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const secret = Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]);
    return secret.toString('utf8');
  } catch {
    return undefined;
  }
}

/** Why `what` cannot be kept on a server without SETTINGS_KEY, and what whoever runs it does. */
export function noSettingsKeyWords(what: string): string {
  return `${what} cannot be kept: this server has no SETTINGS_KEY. Set SETTINGS_KEY in its environment (32 random bytes as 64 hex characters, for example from openssl rand -hex 32), restart it, and save again.`;
}
