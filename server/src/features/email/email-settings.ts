import type { EmailSecurity } from '@academy/contract';
import type { Db } from '../../db/index.js';
import { NoSettingsKey, openSecret, sealSecret } from '../settings/settings-secret.js';

/**
 * The academy's SMTP server (issue 31, point 3), kept as JSON in academy_settings.email_settings
 * (migration 0036): null is "e-mail is not set up", and then the outbox queues nothing by
 * e-mail. The password is sealed with SETTINGS_KEY (settings-secret.ts) and never answered.
 */
export interface StoredEmailSettings {
  host: string;
  port: number;
  security: EmailSecurity;
  /** '' when the server takes e-mail without a login. */
  user: string;
  /** Sealed (settings-secret.ts); null without a login. */
  password: string | null;
  senderName: string;
  senderAddress: string;
  /**
   * Where the links in e-mails lead (`https://academy.example`): the address the administrator
   * saved the settings from. Never the address of whoever asks for a password link, which an
   * attacker would choose (a Host header pointing at their own site).
   */
  linkOrigin: string;
}

/** The purpose sealed with the password (settings-secret.ts's additional data). */
const PASSWORD_PURPOSE = 'academy_settings.email_settings.password';

/** The stored JSON as it is (the mailer rebuilds its connection when it changes), or null. */
export async function storedEmailJson(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('academy_settings')
    .select('email_settings')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.email_settings ?? null;
}

/** The stored JSON read, or null when e-mail is not set up (or the JSON is not ours). */
export function parseEmailSettings(json: string | null): StoredEmailSettings | null {
  if (json === null) return null;
  try {
    const value = JSON.parse(json) as StoredEmailSettings;
    return typeof value.host === 'string' && typeof value.port === 'number' ? value : null;
  } catch {
    return null;
  }
}

export async function readEmailSettings(db: Db): Promise<StoredEmailSettings | null> {
  return parseEmailSettings(await storedEmailJson(db));
}

/** The settings an administrator saves; `password` undefined keeps the one kept. */
export interface EmailSettingsChange {
  host: string;
  port: number;
  security: EmailSecurity;
  user: string;
  password: string | undefined;
  senderName: string;
  senderAddress: string;
  linkOrigin: string;
}

/**
 * Saves the settings. A password typed is sealed with `key` (NoSettingsKey without one); none
 * typed keeps the one kept, and a blank user keeps none. One statement: two administrators
 * saving at once leave one's whole settings, never a mix.
 */
export async function saveEmailSettings(
  db: Db,
  change: EmailSettingsChange,
  key: Buffer | undefined,
  by: number,
  now: number,
): Promise<void> {
  let password: string | null = null;
  if (change.user !== '') {
    if (change.password) {
      if (!key) throw new NoSettingsKey();
      password = sealSecret(key, change.password, PASSWORD_PURPOSE);
    } else {
      password = (await readEmailSettings(db))?.password ?? null;
    }
  }
  const stored: StoredEmailSettings = {
    host: change.host,
    port: change.port,
    security: change.security,
    user: change.user,
    password,
    senderName: change.senderName,
    senderAddress: change.senderAddress,
    linkOrigin: change.linkOrigin,
  };
  await writeEmailJson(db, JSON.stringify(stored), by, now);
}

/** Turns e-mail off. */
export async function clearEmailSettings(db: Db, by: number, now: number): Promise<void> {
  await writeEmailJson(db, null, by, now);
}

async function writeEmailJson(db: Db, json: string | null, by: number, now: number) {
  await db
    .updateTable('academy_settings')
    .set({ email_settings: json, updated_at: now, updated_by: by })
    .where('id', '=', 1)
    .execute();
}

/** The kept password, opened; undefined when it does not open with `key` (or there is no key). */
export function keptPassword(
  settings: StoredEmailSettings,
  key: Buffer | undefined,
): string | undefined {
  if (settings.password === null || !key) return undefined;
  return openSecret(key, settings.password, PASSWORD_PURPOSE);
}
