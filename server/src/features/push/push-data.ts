import type { Db } from '../../db/index.js';

/**
 * Each person's devices with push on (push_subscriptions, migration 0036): a browser's
 * subscription (its endpoint at the push service and its keys, RFC 8291). An endpoint is one
 * device's and belongs to one person at a time.
 */

/** The most devices one person keeps push on for; a new one beyond pushes out the oldest. */
export const MAX_DEVICES = 10;

export interface Subscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
}

export interface DeviceRow extends Subscription {
  id: number;
  created_at: number;
  last_sent_at: number | null;
}

/**
 * Saves the caller's device. An endpoint already saved moves to the caller (a browser that
 * another person signed out of and this one turned push on in: the device changed hands), with
 * its keys and name as sent now. A person's devices beyond MAX_DEVICES go, oldest first, so
 * what one letter fans out to stays bounded. Whether the endpoint was new, theirs or moved.
 */
export async function saveSubscription(
  db: Db,
  userId: number,
  subscription: Subscription,
  now: number,
): Promise<'new' | 'same' | 'moved'> {
  return db.transaction().execute(async (trx) => {
    const had = await trx
      .selectFrom('push_subscriptions')
      .select('user_id')
      .where('endpoint', '=', subscription.endpoint)
      .executeTakeFirst();
    const values = {
      user_id: userId,
      endpoint: subscription.endpoint,
      p256dh: subscription.p256dh,
      auth: subscription.auth,
      device: subscription.device,
      created_at: now,
    };
    await trx
      .insertInto('push_subscriptions')
      .values(values)
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          user_id: values.user_id,
          p256dh: values.p256dh,
          auth: values.auth,
          device: values.device,
          // A device that changed hands starts anew; the same person's keeps its date.
          ...(had && had.user_id !== userId ? { created_at: now, last_sent_at: null } : {}),
        }),
      )
      .execute();
    const beyond = await trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(MAX_DEVICES)
      .limit(1000)
      .execute();
    if (beyond.length > 0)
      await trx
        .deleteFrom('push_subscriptions')
        .where(
          'id',
          'in',
          beyond.map((r) => r.id),
        )
        .execute();
    return !had ? 'new' : had.user_id === userId ? 'same' : 'moved';
  });
}

/** Push off for one of the caller's own devices; another person's endpoint is left alone. */
export async function deleteSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

/** A person's devices with push on, the newest first. */
export async function devicesOf(db: Db, userId: number): Promise<DeviceRow[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth', 'device', 'created_at', 'last_sent_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    ...r,
    created_at: Number(r.created_at),
    last_sent_at: r.last_sent_at === null ? null : Number(r.last_sent_at),
  }));
}

/**
 * A device its push service says is gone (404, 410: unsubscribed, expired). Only the row as
 * it was sent to: an endpoint saved again meanwhile (new keys) stays.
 */
export async function dropSubscription(db: Db, device: DeviceRow): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('id', '=', device.id)
    .where('p256dh', '=', device.p256dh)
    .execute();
}

/** The devices a push reached its push service for. */
export async function noteSent(db: Db, ids: number[], at: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('push_subscriptions')
    .set({ last_sent_at: at })
    .where('id', 'in', ids)
    .execute();
}
