import type { Db } from '../../db/index.js';
import { inSlices } from '../../db/lists.js';
import { dayInZone, instantOfWallTime } from '../../db/time.js';
import { choicesOf, choicesOfPerson } from '../messages/outbox-data.js';
import type { OutboxSetup } from '../settings/settings-data.js';
import { gatewayFrom, type SmsGateway } from './sms-template.js';

/**
 * The SMS gateway's settings (academy_settings.sms_gateway, JSON; null: SMS is not set up),
 * what the outbox has sent this month, and how many SMS a send would queue.
 */

export async function readGateway(db: Db): Promise<SmsGateway | null> {
  const row = await db
    .selectFrom('academy_settings')
    .select('sms_gateway')
    .where('id', '=', 1)
    .executeTakeFirst();
  return gatewayFrom(row?.sms_gateway);
}

/** Saves the gateway (null: SMS off); who and when, as every settings save records. */
export async function writeGateway(db: Db, gateway: SmsGateway | null, by: number, now: number) {
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
 * How many SMS a notification to these students would queue (outbox-data.ts queueMessages
 * decides alike): each who has SMS on for messages from the academy and gave a number, and,
 * when the academy sends those to guardians too, each of their guardians with a phone. 0
 * when SMS is not set up.
 */
export async function estimateAnnouncementSms(
  db: Db,
  userIds: number[],
  setup: OutboxSetup,
): Promise<number> {
  if (!setup.sms) return 0;
  const choices = await choicesOf(db, userIds);
  let estimate = 0;
  for (const id of userIds) {
    const chosen = choices.get(id);
    if (chosen?.kinds.announcement.sms && chosen.phone) estimate += 1;
  }
  if (!setup.guardianKinds.includes('announcement')) return estimate;
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
