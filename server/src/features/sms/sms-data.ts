import type { MessageKind } from '@academy/contract/messages';
import type { Db } from '../../db/index.js';
import { inSlices } from '../../db/lists.js';
import { dayInZone, instantOfWallTime } from '../../db/time.js';
import type { OutboxSetup } from '../../domain/tell.js';
import { choicesOf, choicesOfPerson } from '../messages/outbox-data.js';
import { NoSettingsKey, openSecret, sealSecret } from '../settings/settings-secret.js';
import { gatewayFrom, type KeptGateway, type KeptHeader, type SmsGateway } from './sms-template.js';

/**
 * The SMS gateway's settings (academy_settings.sms_gateway, JSON; null: SMS is not set up),
 * its header values (API keys) sealed with SETTINGS_KEY as the SMTP password is
 * (settings-secret.ts); what the outbox has sent this month, and how many SMS a send would
 * queue.
 */

/** What a header's value is sealed with beside the key: the field, and the header's name. */
const headerPurpose = (name: string) =>
  `academy_settings.sms_gateway.headers.${name.toLowerCase()}`;

async function storedGatewayJson(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('academy_settings')
    .select('sms_gateway')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.sms_gateway ?? null;
}

/** The gateway as kept, its header values sealed; null when SMS is not set up. */
export async function readGateway(db: Db): Promise<KeptGateway | null> {
  return gatewayFrom(await storedGatewayJson(db));
}

/** Saves the gateway (null: SMS off); who and when, as every settings save records. */
export async function writeGateway(db: Db, gateway: KeptGateway | null, by: number, now: number) {
  await db
    .updateTable('academy_settings')
    .set({
      sms_gateway: gateway ? JSON.stringify(gateway) : null,
      updated_at: now,
      updated_by: by,
    })
    .where('id', '=', 1)
    .execute();
}

const sealHeader = (key: Buffer, name: string, value: string) => ({
  name,
  sealed: sealSecret(key, value, headerPurpose(name)),
});

/** The gateway to keep: each header's value sealed with `key` (NoSettingsKey without one). */
export function sealGateway(gateway: SmsGateway, key: Buffer | undefined): KeptGateway {
  const headers = gateway.headers.map((h) => {
    if (!key) throw new NoSettingsKey();
    return sealHeader(key, h.name, h.value);
  });
  return { ...gateway, headers };
}

/** A kept header's value; undefined when it does not open with `key` (or there is no key). */
function openedValue(header: KeptHeader, key: Buffer | undefined): string | undefined {
  if ('value' in header) return header.value;
  return key ? openSecret(key, header.sealed, headerPurpose(header.name)) : undefined;
}

/** The kept headers whose values open with `key`: those a line of KEPT_HEADER can keep. */
export function keptHeaders(gateway: KeptGateway, key: Buffer | undefined) {
  return gateway.headers.flatMap((h) => {
    const value = openedValue(h, key);
    return value === undefined ? [] : [{ name: h.name, value }];
  });
}

/** The gateway ready to call, or, in words, why not: a kept value that does not open. */
export function openGateway(gateway: KeptGateway, key: Buffer | undefined): SmsGateway | string {
  const headers: SmsGateway['headers'] = [];
  for (const h of gateway.headers) {
    const value = openedValue(h, key);
    if (value === undefined)
      return `The value of the header ${h.name} kept on Settings cannot be read with this server's SETTINGS_KEY (was the key changed?). Type it again on Settings.`;
    headers.push({ name: h.name, value });
  }
  return { ...gateway, headers };
}

/**
 * Seals the header values of a gateway saved before they were sealed (kept in plain text);
 * the SMS service runs it as a server starts. The row is written only if it is still the one
 * read, so instances starting together, or a save in between, lose nothing. 'no-key': plain
 * values are left, and still used, until a server has SETTINGS_KEY.
 */
export async function sealPlainHeaders(
  db: Db,
  key: Buffer | undefined,
): Promise<'sealed' | 'none' | 'no-key'> {
  const json = await storedGatewayJson(db);
  const kept = gatewayFrom(json);
  if (json === null || !kept || !kept.headers.some((h) => 'value' in h)) return 'none';
  if (!key) return 'no-key';
  const headers = kept.headers.map((h) => ('value' in h ? sealHeader(key, h.name, h.value) : h));
  await db
    .updateTable('academy_settings')
    .set({ sms_gateway: JSON.stringify({ ...kept, headers }) })
    .where('id', '=', 1)
    .where('sms_gateway', '=', json)
    .execute();
  return 'sealed';
}

/** The first instant of the calendar month `now` falls in, on the academy's clock. */
export function monthStart(now: number, timeZone: string): number {
  return instantOfWallTime(`${dayInZone(now, timeZone).slice(0, 7)}-01T00:00:00`, timeZone);
}

/** SMS the outbox has sent since the month began (tests sent from Settings are not counted). */
export async function sentThisMonth(db: Db, now: number, timeZone: string): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'sent')
    .where('channel', '=', 'sms')
    .where('sent_at', '>=', monthStart(now, timeZone))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * How many SMS a notification to these students would queue (domain/tell.ts, `tell`,
 * decides alike): each who has SMS on for its kind (messages from the academy, unless said:
 * a payment reminder is 'payments') and gave a number, and, when the academy sends that kind
 * to guardians too, each of their guardians with a phone. 0 when SMS is not set up.
 */
export async function estimateAnnouncementSms(
  db: Db,
  userIds: number[],
  setup: OutboxSetup,
  kind: MessageKind = 'announcement',
): Promise<number> {
  if (!setup.sms) return 0;
  const choices = await choicesOf(db, userIds);
  let estimate = 0;
  for (const id of userIds) {
    const chosen = choices.get(id);
    if (chosen?.kinds[kind].sms && chosen.phone) estimate += 1;
  }
  if (!setup.guardianKinds.includes(kind)) return estimate;
  for (const slice of inSlices(userIds)) {
    const row = await db
      .selectFrom('guardians')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('student_id', 'in', slice)
      .where('phone', 'is not', null)
      .executeTakeFirst();
    estimate += Number(row?.n ?? 0);
  }
  return estimate;
}

/** What a send to many would cost in SMS: the estimate, and the month's cap and what is left. */
export interface SmsEstimate {
  sms_ready: boolean;
  estimate: number;
  /** The gateway's monthly cap; 0: none. */
  cap: number;
  /** SMS left this month under the cap; null: no cap. */
  left: number | null;
}

/**
 * The SMS a message of `kind` to these students would queue, beside the month's cap: what a
 * confirmation before a send to many shows (a notification from Send Message, a reminder to
 * debtors). Not ready, and 0, when no gateway is set up.
 */
export async function smsEstimate(
  db: Db,
  userIds: number[],
  academy: { now: number; timeZone: string; outbox: OutboxSetup; kind?: MessageKind },
): Promise<SmsEstimate> {
  const gateway = await readGateway(db);
  if (!gateway) return { sms_ready: false, estimate: 0, cap: 0, left: null };
  const sent = await sentThisMonth(db, academy.now, academy.timeZone);
  const cap = gateway.monthlyCap;
  return {
    sms_ready: true,
    estimate: await estimateAnnouncementSms(db, userIds, academy.outbox, academy.kind),
    cap,
    left: cap > 0 ? Math.max(0, cap - sent) : null,
  };
}

/** The number a letter goes to: its guardian's, or the person's own; null when there is none. */
export async function numberOf(
  db: Db,
  letter: { userId: number; guardianId: number | null },
): Promise<{ phone: string | null; aboutStudent?: string }> {
  if (letter.guardianId === null) {
    return { phone: (await choicesOfPerson(db, letter.userId)).phone };
  }
  const guardian = await db
    .selectFrom('guardians')
    .innerJoin('users', 'users.id', 'guardians.student_id')
    .select(['guardians.phone', 'users.name'])
    .where('guardians.id', '=', letter.guardianId)
    .where('guardians.student_id', '=', letter.userId)
    .executeTakeFirst();
  return guardian ? { phone: guardian.phone, aboutStudent: guardian.name } : { phone: null };
}
