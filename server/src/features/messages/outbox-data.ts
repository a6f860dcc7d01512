import { OUTBOX_STATES, type OutboxState } from '@academy/contract';
import {
  canSendAgain,
  choicesFrom,
  type MessageChoices,
  type OutboxKind,
} from '@academy/contract/messages';
import type { Db } from '../../db/index.js';
import { fetchPage, inSlices } from '../../db/lists.js';
import { formatOptionalTimestamp, formatTimestamp } from '../../db/time.js';
import { deviceCount } from '../../domain/audience.js';
import type { OutboxSetup } from '../../domain/tell.js';

/** The administrator's outbox list, a page at a time. */
const OUTBOX_PAGE_SIZE = 50;

/**
 * The outbox (issue 31, point 1): every message that may reach a person whose app is closed
 * is a row per recipient and channel, queued by `tell` (domain/tell.ts) in the transaction of
 * what caused it (a notification, a reminder, an assignment…), so it is sent exactly when that
 * is kept. One instance sends them (outbox-sender.ts). Here: each person's choices, what can
 * reach a person, and the administrator's view of the rows.
 */

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
    deviceCount(db, userId),
    db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return {
    push_devices: devices,
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
