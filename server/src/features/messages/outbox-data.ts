import { type NotificationTopic, OUTBOX_STATES, type OutboxState } from '@academy/contract';
import {
  type Channel,
  canSendAgain,
  choicesFrom,
  kindOfTopic,
  MESSAGE_KINDS,
  type MessageChoices,
  type MessageKind,
  messagePath,
  type OutboxKind,
} from '@academy/contract/messages';
import type { Db } from '../../db/index.js';
import { fetchPage, inSlices, ROWS_PER_INSERT } from '../../db/lists.js';
import { formatOptionalTimestamp, formatTimestamp } from '../../db/time.js';
import type { OutboxSetup } from '../settings/settings-data.js';

/** The administrator's outbox list, a page at a time. */
const OUTBOX_PAGE_SIZE = 50;

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
  /** Where the message leads, when not its topic's screen (a staff notice: a staff screen). */
  path?: string;
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

/** One person's choices (the defaults when they never chose). */
export async function choicesOfPerson(db: Db, userId: number): Promise<MessageChoices> {
  return (await choicesOf(db, [userId])).get(userId) ?? choicesFrom(null);
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
 * is the transaction that wrote what the messages tell of; `setup` is what the academy set
 * up, as the settings in memory hold it (settings.current.outbox): read with the rest of the
 * settings, not once more for each message sent.
 */
export async function queueMessages(
  db: Db,
  messages: Message[],
  now: number,
  setup: OutboxSetup,
): Promise<void> {
  if (messages.length === 0) return;
  const { email: emailReady, sms: smsReady } = setup;
  const guardianKinds = new Set(setup.guardianKinds);
  const userIds = [...new Set(messages.map((m) => m.userId))];
  const choices = await choicesOf(db, userIds);
  const withPush = new Set<number>();
  const guardians = new Map<
    number,
    { id: number; phone: string | null; email: string | null; email_off: string | null }[]
  >();
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
      .select(['id', 'student_id', 'phone', 'email', 'email_off'])
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
      if (emailReady && g.email && !guardianEmailOff(g.email_off).includes(kind))
        rows.push(row('email', g.id));
      if (smsReady && g.phone) rows.push(row('sms', g.id));
    }
  }
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await db
      .insertInto('outbox')
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
}

/**
 * The kinds a guardian turned off by e-mail with a one-click unsubscribe (issue 49, point 18),
 * from `guardians.email_off` (null: none).
 */
export function guardianEmailOff(stored: string | null): MessageKind[] {
  if (!stored) return [];
  try {
    const kinds: unknown = JSON.parse(stored);
    return Array.isArray(kinds) ? MESSAGE_KINDS.filter((k) => kinds.includes(k)) : [];
  } catch {
    return [];
  }
}

function kindOf(message: Message): MessageKind {
  return message.topic === 'assignment' ? 'assignment' : kindOfTopic(message.topic);
}

/** A person's choices saved whole (the defaults fill what they did not send). */
export async function saveChoices(db: Db, userId: number, choices: MessageChoices, now: number) {
  const row = { user_id: userId, choices: JSON.stringify(choices), updated_at: now };
  await db
    .insertInto('message_choices')
    .values(row)
    .onConflict((c) => c.column('user_id').doUpdateSet({ choices: row.choices, updated_at: now }))
    .execute();
}

/** What can reach a person beyond the app now: their devices with push, e-mail and SMS set up. */
export async function reachOf(db: Db, userId: number, setup: OutboxSetup) {
  const [devices, user] = await Promise.all([
    db
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return {
    push_devices: Number(devices?.n ?? 0),
    email: setup.email,
    email_address: user.email,
    sms: setup.sms,
  };
}

/** The administrator's view of the outbox: newest first, by state, paged in SQL. */
export async function listOutbox(db: Db, options: { state: 'all' | OutboxState; page: number }) {
  let query = db
    .selectFrom('outbox as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('guardians as g', 'g.id', 'o.guardian_id')
    .select([
      'o.id',
      'o.user_id',
      'u.name as user_name',
      'g.name as guardian_name',
      'o.channel',
      'o.kind',
      'o.text',
      'o.digest',
      'o.state',
      'o.attempts',
      'o.created_at',
      'o.send_after',
      'o.sent_at',
      'o.error',
    ]);
  if (options.state !== 'all') query = query.where('o.state', '=', options.state);
  const { rows, hasMore } = await fetchPage(
    query.orderBy('o.id', 'desc'),
    options.page,
    OUTBOX_PAGE_SIZE,
  );
  const counted = await db
    .selectFrom('outbox')
    .select((eb) => ['state', eb.fn.countAll<number | string>().as('n')])
    .groupBy('state')
    .execute();
  const counts = Object.fromEntries(OUTBOX_STATES.map((s) => [s, 0])) as Record<
    OutboxState,
    number
  >;
  for (const c of counted) counts[c.state as OutboxState] = Number(c.n);
  return {
    hasMore,
    counts,
    rows: rows.map((r) => ({
      ...r,
      kind: r.kind as OutboxKind,
      digest: r.digest === 1,
      created_at: formatTimestamp(Number(r.created_at)),
      send_after: formatTimestamp(Number(r.send_after)),
      sent_at: formatOptionalTimestamp(r.sent_at === null ? null : Number(r.sent_at)),
    })),
  };
}

/**
 * A failed or skipped row queued again now, tried afresh (its key stays: it is the same
 * letter); or why not: no such row, it is not failed or skipped, or it is a password link's
 * (its link is not kept: there is nothing to send).
 */
export async function resendOutboxRow(
  db: Db,
  id: number,
  now: number,
): Promise<'queued' | 'missing' | 'not-failed' | 'password-link'> {
  const row = await db
    .selectFrom('outbox')
    .select(['kind', 'state'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return 'missing';
  if (row.kind === 'password_link') return 'password-link';
  if (!canSendAgain(row as { state: string; kind: OutboxKind })) return 'not-failed';
  // Only while it is still as read: a sender or another administrator may have moved it since.
  const result = await db
    .updateTable('outbox')
    .set({ state: 'queued', attempts: 0, send_after: now, error: null })
    .where('id', '=', id)
    .where('state', '=', row.state)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? 'queued' : 'not-failed';
}

/**
 * A "Forgot password?" e-mail that did not go, recorded as a failed row of the outbox, where
 * the administrator looks for e-mails that failed: to whom, when, and `reason` (the mail
 * server's words). Never the link or its token: the row says only that a link was asked for.
 */
export async function recordFailedPasswordLink(
  db: Db,
  failure: { userId: number; reason: string; now: number },
): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      user_id: failure.userId,
      guardian_id: null,
      channel: 'email',
      kind: 'password_link' satisfies OutboxKind,
      text: 'Asked for on “Forgot password?”. The link is not kept, so it cannot be sent again: they can ask for a new one.',
      path: '/forgot-password',
      digest: 0,
      state: 'failed',
      attempts: 1,
      send_after: failure.now,
      created_at: failure.now,
      error: failure.reason,
    })
    .execute();
}
