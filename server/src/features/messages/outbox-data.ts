import type { NotificationTopic } from '@academy/contract';
import {
  type Channel,
  choicesFrom,
  DEFAULT_GUARDIAN_KINDS,
  kindOfTopic,
  MESSAGE_KINDS,
  type MessageChoices,
  type MessageKind,
  messagePath,
} from '@academy/contract/messages';
import type { Db } from '../../db/index.js';
import { inSlices, ROWS_PER_INSERT } from '../../db/lists.js';

/**
 * The outbox (issue 31, point 1): every message that may reach a person whose app is closed
 * is a row per recipient and channel, written here in the transaction of what caused it (a
 * notification, a reminder, an assignment…), so it is sent exactly when that is kept. One
 * instance sends them (outbox-sender.ts).
 */

/** Something a person is told: what the in-app notification says, and what it is about. */
export interface Message {
  userId: number;
  /** The notification's topic, 'assignment' for a new assignment, null for an announcement. */
  topic: NotificationTopic | 'assignment' | null;
  refId: number | null;
  text: string;
}

type OutboxRow = {
  user_id: number;
  guardian_id: number | null;
  channel: Channel;
  kind: MessageKind;
  text: string;
  path: string;
  digest: number;
  send_after: number;
  created_at: number;
};

/** Which kinds of message the academy sends to guardians too (stored JSON, or the defaults). */
export function guardianKindsFrom(stored: string | null): MessageKind[] {
  if (stored === null) return [...DEFAULT_GUARDIAN_KINDS];
  try {
    const kinds: unknown = JSON.parse(stored);
    return Array.isArray(kinds) ? MESSAGE_KINDS.filter((k) => kinds.includes(k)) : [];
  } catch {
    return [...DEFAULT_GUARDIAN_KINDS];
  }
}

/** Each person's choices, by id (the defaults for those who never chose). */
export async function choicesOf(db: Db, userIds: number[]): Promise<Map<number, MessageChoices>> {
  const chosen = new Map<number, MessageChoices>();
  for (const slice of inSlices([...new Set(userIds)])) {
    const rows = await db
      .selectFrom('message_choices')
      .select(['user_id', 'choices'])
      .where('user_id', 'in', slice)
      .execute();
    for (const row of rows) chosen.set(row.user_id, choicesFrom(parseJson(row.choices)));
  }
  for (const id of userIds) if (!chosen.has(id)) chosen.set(id, choicesFrom(null));
  return chosen;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Queues messages for the channels each person chose and can be reached by: push when one of
 * their devices turned it on, e-mail and SMS when the academy set them up (and, for SMS, the
 * person gave a number); and to a student's guardians for the kinds the academy chose. `db`
 * is the transaction that wrote what the messages tell of.
 */
export async function queueMessages(db: Db, messages: Message[], now: number): Promise<void> {
  if (messages.length === 0) return;
  const academy = await db
    .selectFrom('academy_settings')
    .select(['guardian_kinds', 'email_settings', 'sms_gateway'])
    .where('id', '=', 1)
    .executeTakeFirst();
  const emailReady = Boolean(academy?.email_settings);
  const smsReady = Boolean(academy?.sms_gateway);
  const guardianKinds = new Set(guardianKindsFrom(academy?.guardian_kinds ?? null));
  const userIds = [...new Set(messages.map((m) => m.userId))];
  const choices = await choicesOf(db, userIds);
  const withPush = new Set<number>();
  const guardians = new Map<number, { id: number; phone: string | null; email: string | null }[]>();
  const wantsGuardians = messages.some((m) => guardianKinds.has(kindOf(m)));
  for (const slice of inSlices(userIds)) {
    const devices = await db
      .selectFrom('push_subscriptions')
      .select('user_id')
      .distinct()
      .where('user_id', 'in', slice)
      .execute();
    for (const d of devices) withPush.add(d.user_id);
    if (!wantsGuardians || (!emailReady && !smsReady)) continue;
    const rows = await db
      .selectFrom('guardians')
      .select(['id', 'student_id', 'phone', 'email'])
      .where('student_id', 'in', slice)
      .execute();
    for (const g of rows) guardians.set(g.student_id, [...(guardians.get(g.student_id) ?? []), g]);
  }

  const rows: OutboxRow[] = [];
  for (const message of messages) {
    const kind = kindOf(message);
    const chosen = choices.get(message.userId)?.kinds[kind];
    const phone = choices.get(message.userId)?.phone ?? null;
    const row = (channel: Channel, guardianId: number | null, digest = 0): OutboxRow => ({
      user_id: message.userId,
      guardian_id: guardianId,
      channel,
      kind,
      text: message.text,
      path: messagePath(message.topic, message.refId),
      digest,
      send_after: now,
      created_at: now,
    });
    if (chosen?.push && withPush.has(message.userId)) rows.push(row('push', null));
    if (emailReady && chosen && chosen.email !== 'off')
      rows.push(row('email', null, chosen.email === 'digest' ? 1 : 0));
    if (smsReady && chosen?.sms && phone) rows.push(row('sms', null));
    if (!guardianKinds.has(kind)) continue;
    for (const g of guardians.get(message.userId) ?? []) {
      if (emailReady && g.email) rows.push(row('email', g.id));
      if (smsReady && g.phone) rows.push(row('sms', g.id));
    }
  }
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await db
      .insertInto('outbox')
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
}

function kindOf(message: Message): MessageKind {
  return message.topic === 'assignment' ? 'assignment' : kindOfTopic(message.topic);
}
