import type { NotificationTopic } from '@academy/contract';
import {
  type Channel,
  kindOfTopic,
  type MessageChoices,
  type MessageKind,
  messagePath,
} from '@academy/contract/messages';
import type { Db } from '../db/index.js';
import { inSlices, ROWS_PER_INSERT } from '../db/lists.js';

/**
 * Telling people (issue 50, point 2): one verb, `tell(trx, news)`, for every writer that tells
 * a student (or staff) something. It writes the in-app notification and queues the outbox's
 * rows (a row per recipient and channel: push, e-mail, SMS, guardians) in the transaction of
 * what it tells of, so both are kept with the write or not at all; one instance sends them
 * (features/messages/outbox-sender.ts). A teller is made once per app, bound to the settings
 * in force and the app's clock, and handed to the data functions that tell.
 */

/** Something a person is told: what the notification says, and what it is about. */
export interface News {
  userId: number;
  /**
   * The notification's topic; null for an announcement. 'assignment': a new assignment, which
   * is its own notice in the app (the student's list), so only the channels beyond it carry it.
   */
  topic: NotificationTopic | 'assignment' | null;
  refId: number | null;
  text: string;
  /** Where the message leads, when not its topic's screen (a staff notice: a staff screen). */
  path?: string;
  /** The sending it is a copy of (a notification sent to many: features/sendings). */
  sendingId?: number;
  /** When the notification is dated, when not now (a sending's later slices keep its time). */
  datedAt?: number;
}

/**
 * Tells people, in `trx`: the transaction that wrote what the news is about. One piece of news
 * or many (a slice of a sending, a run of reminders), written a few statements in all.
 */
export type Tell = (trx: Db, news: News | readonly News[]) => Promise<void>;

/**
 * What the academy has set up beyond the app: every message queued asks it, so it is kept
 * with the settings in memory rather than read for each send. Saving e-mail, the SMS gateway
 * or the guardians' kinds reloads it, as saving the settings does.
 */
export interface OutboxSetup {
  /** E-mail is set up on Settings (academy_settings.email_settings). */
  email: boolean;
  /** An SMS gateway is set up on Settings (academy_settings.sms_gateway). */
  sms: boolean;
  /** The kinds of message also sent to a student's guardians. */
  guardianKinds: readonly MessageKind[];
}

/** A guardian as the outbox reaches them (features/guardians owns the table). */
export interface GuardianContact {
  id: number;
  phone: string | null;
  email: string | null;
  /** The kinds they turned off by e-mail with a one-click unsubscribe (issue 49, point 18). */
  emailOff: readonly MessageKind[];
}

/**
 * Who can be reached and how, asked of the modules that keep it, never of their tables: each
 * person's choices (features/messages), who has a device with push on (features/push), each
 * student's guardians (features/guardians). Every answer is read in the writer's transaction.
 */
export interface Audience {
  choicesOf(db: Db, userIds: number[]): Promise<Map<number, MessageChoices>>;
  withPush(db: Db, userIds: number[]): Promise<Set<number>>;
  guardiansOf(db: Db, studentIds: number[]): Promise<Map<number, GuardianContact[]>>;
}

/** A teller bound to the settings in force, the app's clock and who can be reached. */
export function makeTeller(bound: {
  setup: () => OutboxSetup;
  now: () => number;
  audience: Audience;
}): Tell {
  return async (trx, told) => {
    const news: readonly News[] = Array.isArray(told) ? told : [told as News];
    if (news.length === 0) return;
    const now = bound.now();
    const notices = news.filter((n) => n.topic !== 'assignment');
    for (const slice of inSlices(notices))
      await trx
        .insertInto('notifications')
        .values(
          slice.map((n) => ({
            user_id: n.userId,
            message: n.text,
            created_at: n.datedAt ?? now,
            read_at: null,
            sending_id: n.sendingId ?? null,
            topic: n.topic as NotificationTopic | null,
            ref_id: n.refId,
          })),
        )
        .execute();
    await queueMessages(trx, news, now, bound.setup(), bound.audience);
  };
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

/**
 * Queues the news for the channels each person chose and can be reached by: push when one of
 * their devices turned it on, e-mail and SMS when the academy set them up (and, for SMS, the
 * person gave a number); and to a student's guardians for the kinds the academy chose.
 */
async function queueMessages(
  trx: Db,
  news: readonly News[],
  now: number,
  setup: OutboxSetup,
  audience: Audience,
): Promise<void> {
  const { email: emailReady, sms: smsReady } = setup;
  const guardianKinds = new Set(setup.guardianKinds);
  const userIds = [...new Set(news.map((m) => m.userId))];
  const wantsGuardians = (emailReady || smsReady) && news.some((m) => guardianKinds.has(kindOf(m)));
  // One after another: a transaction is one connection.
  const choices = await audience.choicesOf(trx, userIds);
  const withPush = await audience.withPush(trx, userIds);
  const guardians = wantsGuardians
    ? await audience.guardiansOf(trx, userIds)
    : new Map<number, GuardianContact[]>();

  const rows: OutboxRow[] = [];
  for (const message of news) {
    const kind = kindOf(message);
    const chosen = choices.get(message.userId)?.kinds[kind];
    const phone = choices.get(message.userId)?.phone ?? null;
    const row = (channel: Channel, guardianId: number | null, digest = 0): OutboxRow => ({
      user_id: message.userId,
      guardian_id: guardianId,
      channel,
      kind,
      text: message.text,
      path: message.path ?? messagePath(message.topic, message.refId),
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
      if (emailReady && g.email && !g.emailOff.includes(kind)) rows.push(row('email', g.id));
      if (smsReady && g.phone) rows.push(row('sms', g.id));
    }
  }
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await trx
      .insertInto('outbox')
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
}

function kindOf(news: News): MessageKind {
  return news.topic === 'assignment' ? 'assignment' : kindOfTopic(news.topic);
}

/** Quoted words in news: a long title is cut, so the line stays a line. */
export function quoted(text: string, max = 80): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return `"${line.length > max ? `${line.slice(0, max - 1)}…` : line}"`;
}
