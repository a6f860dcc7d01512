import {
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_MAX_FAILURES_PER_USERNAME,
  LOGIN_THROTTLE_WINDOW_MS,
} from '@academy/contract/constants';
import type { Db } from '../db/index.js';

/**
 * Login throttling, kept in the database so that several app instances count together.
 * Failures are counted per username (guessing one account's password) and per address
 * (trying many accounts); success clears the username's count.
 */
export interface ThrottleKeys {
  username: string;
  address: string;
}

const normalise = (username: string) => username.trim().toLowerCase();

/** Minutes until the caller may try again, or 0 if they may try now. */
export async function loginRetryAfterMinutes(
  db: Db,
  keys: ThrottleKeys,
  now: number,
): Promise<number> {
  const since = now - LOGIN_THROTTLE_WINDOW_MS;
  const [byUsername, byAddress] = await Promise.all([
    failures(db, 'username', normalise(keys.username), since),
    failures(db, 'address', keys.address, since),
  ]);
  const blockedBy =
    byUsername.count >= LOGIN_MAX_FAILURES_PER_USERNAME
      ? byUsername
      : byAddress.count >= LOGIN_MAX_FAILURES_PER_ADDRESS
        ? byAddress
        : undefined;
  if (!blockedBy || blockedBy.oldest === null) return 0;
  return Math.max(1, Math.ceil((blockedBy.oldest + LOGIN_THROTTLE_WINDOW_MS - now) / 60_000));
}

async function failures(db: Db, kind: 'username' | 'address', key: string, since: number) {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('at').as('oldest')])
    .where('kind', '=', kind)
    .where('key', '=', key)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : Number(row.oldest) };
}

export async function recordLoginFailure(db: Db, keys: ThrottleKeys, now: number): Promise<void> {
  await db
    .insertInto('login_failures')
    .values([
      { kind: 'username', key: normalise(keys.username), at: now },
      { kind: 'address', key: keys.address, at: now },
    ])
    .execute();
  // Old rows are useless; trimming them here keeps the table small without a timer.
  await db
    .deleteFrom('login_failures')
    .where('at', '<=', now - LOGIN_THROTTLE_WINDOW_MS)
    .execute();
}

export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('kind', '=', 'username')
    .where('key', '=', normalise(username))
    .execute();
}
