import { type ExpressionBuilder, type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database } from '../db/schema.js';
import {
  addressKey,
  DEVICE_LOGIN_RULES,
  delayAfter,
  delaySteps,
  LOGIN_RULES,
  LONGEST_LOGIN_WINDOW_MS,
  type LoginRule,
  type LoginScope,
  PASSWORD_RESET_RULES,
  usernameKey,
} from './login-rules.js';

/**
 * Login throttling in the database, so every instance counts together. A try is reserved on
 * every rule (auth/login-rules.ts) BEFORE its password is checked, each with one conditional
 * upsert (`INSERT … ON CONFLICT … DO UPDATE … WHERE … RETURNING`) that counts it only if the
 * rule still allows it. The row is locked while it is updated, on SQLite and PostgreSQL alike,
 * so tries sent together are counted one after the other and get no more checks than tries
 * sent in a row. The three reservations are one transaction: refused by one rule, a try
 * counts on none.
 */
export interface LoginKeys {
  username: string;
  address: string;
  /** The device cookie's id, when the try comes from a device known for this username. */
  device?: string | undefined;
}

/** The rules a try is counted by: a known device's own, or the usual three. */
const rulesFor = (keys: LoginKeys) => (keys.device ? DEVICE_LOGIN_RULES : LOGIN_RULES);

/** A try that may go ahead: say how it ended. */
export interface LoginAttempt {
  /** The password was right: the try is not a failure (and the pair's count is cleared). */
  succeeded(): Promise<void>;
  /** The password was wrong: the try stays counted. */
  failed(): Promise<void>;
}

/** A try refused before any check: the rule that refused it and how long to wait. */
export class LoginThrottled extends Error {
  constructor(
    readonly scope: LoginScope,
    readonly waitMs: number,
  ) {
    super(`login refused by the ${scope} rule for ${waitMs} ms`);
  }
}

interface Key {
  scope: LoginScope;
  username: string;
  address: string;
}

const keyOf = (rule: LoginRule, keys: LoginKeys): Key => ({
  scope: rule.scope,
  username: rule.scope === 'address' ? '' : usernameKey(keys.username),
  // A device is counted under its id wherever it connects from.
  address:
    rule.scope === 'username'
      ? ''
      : rule.scope === 'device'
        ? `device:${keys.device ?? ''}`
        : addressKey(keys.address),
});

/** What a reservation took, so a success can give back exactly that. */
interface Reserved {
  rule: LoginRule;
  key: Key;
  windowStart: number;
  nextAttemptAt: number;
}

class Refused extends Error {}

/** Refused only because every free place of a rule counting only failures is held (wait). */
class Busy extends Error {
  constructor(readonly key: Key) {
    super('every place of the address is held by tries being checked');
  }
}

/**
 * How long a try waits for a place on its address before it is refused after all: far longer
 * than the checks ahead of it take (a password check is tens of milliseconds), so only a
 * server too busy to check passwords turns a waiting try away.
 */
export const LONGEST_PLACE_WAIT_MS = 20_000;

/**
 * Reserves a try on every rule, or throws LoginThrottled (and counts nothing). A try that
 * finds its address's places all held by tries being checked waits for one (see
 * `countsOnlyFailures`); the clock is read again for each go.
 */
export async function beginLoginAttempt(
  db: Db,
  keys: LoginKeys,
  clock: () => number,
): Promise<LoginAttempt> {
  const started = clock();
  for (;;) {
    const now = clock();
    let reserved: Reserved[];
    try {
      reserved = await db.transaction().execute(async (trx) => {
        const taken: Reserved[] = [];
        for (const rule of rulesFor(keys)) {
          const key = keyOf(rule, keys);
          const row = await reserve(trx, rule, key, now);
          if (!row) {
            if (rule.countsOnlyFailures && (await placesAllHeld(trx, rule, key, now)))
              throw new Busy(key);
            throw new Refused();
          }
          taken.push({
            rule,
            key,
            windowStart: row.window_start,
            nextAttemptAt: row.next_attempt_at,
          });
        }
        return taken;
      });
    } catch (error) {
      if (error instanceof Busy && clock() - started < LONGEST_PLACE_WAIT_MS) {
        await placeLetGo(db, error.key);
        continue;
      }
      if (error instanceof Refused || error instanceof Busy) throw await refusal(db, keys, now);
      throw error;
    }
    // The next try waiting on this address may find a place this one did not take.
    if (keys.address !== '') wakeNext(db, addressKey(keys.address));
    return {
      succeeded: () => giveBack(db, reserved, clock()),
      failed: () => countFailure(db, reserved, clock()),
    };
  }
}

/** The existing row's column, inside ON CONFLICT DO UPDATE. */
const existing = (column: 'window_start' | 'failures' | 'next_attempt_at' | 'in_flight') =>
  sql.ref(`login_attempts.${column}`);

/**
 * Counts one try on `key` if `rule` allows it now; answers the row as it is afterwards, or
 * nothing when the rule refused (and then nothing changed).
 */
function reserve(db: Db, rule: LoginRule, key: Key, now: number) {
  if (rule.countsOnlyFailures) return takePlace(db, rule, key, now);
  // A window that started this long ago or earlier has ended: counting starts again.
  const ended = sql<boolean>`${existing('window_start')} <= ${now - rule.windowMs}`;
  const failuresAfter = sql<number>`(case when ${ended} then 1 else ${existing('failures')} + 1 end)`;
  const allowed = sql<boolean>`(${ended} or (${sql.join(conditions(rule, now), sql` and `)}))`;
  return db
    .insertInto('login_attempts')
    .values({
      ...key,
      window_start: now,
      failures: 1,
      in_flight: 0,
      next_attempt_at: now + delayAfter(rule.delay, 1),
    })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'username', 'address'])
        .doUpdateSet({
          failures: failuresAfter,
          window_start: sql<number>`case when ${ended} then ${now} else ${existing('window_start')} end`,
          // bigint: on PostgreSQL an untyped parameter plus an integer would be an integer,
          // and epoch milliseconds do not fit one.
          next_attempt_at: sql<number>`cast(${now} as bigint) + ${delaySql(rule, failuresAfter)}`,
        })
        .where(allowed),
    )
    .returning(['window_start', 'next_attempt_at'])
    .executeTakeFirst();
}

/**
 * What a rule asks of a window that is still open: fewer failures than its limit, and past
 * the free failures, its delay served. (Below them there is no wait to check, so clocks of
 * instances a few milliseconds apart never refuse a try.)
 */
function conditions(rule: LoginRule, now: number): RawBuilder<boolean>[] {
  const checks = [sql<boolean>`true`];
  if (rule.maxFailures !== null)
    checks.push(sql`${existing('failures')} < ${sql.lit(rule.maxFailures)}`);
  if (rule.delay)
    checks.push(
      sql`(${existing('failures')} < ${sql.lit(rule.delay.freeFailures)} or ${existing('next_attempt_at')} <= ${now})`,
    );
  return checks;
}

/** delayAfter() for the row's new count, as SQL (the same steps, from the top). */
function delaySql(rule: LoginRule, failures: RawBuilder<number>): RawBuilder<number> {
  if (!rule.delay) return sql<number>`0`;
  const steps = delaySteps(rule.delay).reverse();
  const whens = steps.map(
    (step) => sql`when ${failures} >= ${sql.lit(step.failures)} then ${sql.lit(step.ms)}`,
  );
  return sql<number>`(case ${sql.join(whens, sql` `)} else 0 end)`;
}

/**
 * A rule that counts only failures (the address's): the try takes one of the free failures'
 * places, or past them (the address has failed them all) goes ahead only when its wait is
 * served, setting the next wait as a failure would (a success lifts it again). Answers nothing
 * when refused; placesAllHeld() tells a try that should wait from one that is refused.
 */
function takePlace(db: Db, rule: LoginRule, key: Key, now: number) {
  const free = sql.lit(rule.delay?.freeFailures ?? 0);
  const ended = sql<boolean>`${existing('window_start')} <= ${now - rule.windowMs}`;
  const failures = sql<number>`(case when ${ended} then 0 else ${existing('failures')} end)`;
  const inFlight = sql<number>`(case when ${ended} then 0 else ${existing('in_flight')} end)`;
  const delayed = sql<boolean>`${failures} >= ${free}`;
  const allowed = sql<boolean>`(${failures} + ${inFlight} < ${free} or (${delayed} and ${existing('next_attempt_at')} <= ${now}))`;
  return db
    .insertInto('login_attempts')
    .values({ ...key, window_start: now, failures: 0, in_flight: 1, next_attempt_at: now })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'username', 'address'])
        .doUpdateSet({
          failures,
          in_flight: sql<number>`${inFlight} + 1`,
          window_start: sql<number>`case when ${ended} then ${now} else ${existing('window_start')} end`,
          next_attempt_at: sql<number>`case when ${delayed} then cast(${now} as bigint) + ${delaySql(rule, sql`${failures} + 1`)} when ${ended} then ${now} else ${existing('next_attempt_at')} end`,
        })
        .where(allowed),
    )
    .returning(['window_start', 'next_attempt_at'])
    .executeTakeFirst();
}

/** Whether a refused try of a rule counting only failures was refused for want of a place. */
async function placesAllHeld(db: Db, rule: LoginRule, key: Key, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('login_attempts')
    .select(['window_start', 'failures'])
    .where(isKey(key))
    .executeTakeFirst();
  return (
    row !== undefined &&
    row.window_start > now - rule.windowMs &&
    row.failures < (rule.delay?.freeFailures ?? 0)
  );
}

/**
 * The tries of this process waiting for a place on an address, first come first served. A
 * place let go here wakes the first; one let go by another process or instance is found by
 * each waiter's own look after a while (PLACE_LOOK_MS).
 */
const waitingRooms = new WeakMap<Db, Map<string, (() => void)[]>>();
const PLACE_LOOK_MS = 250;

function placeLetGo(db: Db, key: Key): Promise<void> {
  let rooms = waitingRooms.get(db);
  if (!rooms) {
    rooms = new Map();
    waitingRooms.set(db, rooms);
  }
  const queue = rooms.get(key.address) ?? [];
  rooms.set(key.address, queue);
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      const at = queue.indexOf(wake);
      if (at >= 0) queue.splice(at, 1);
      if (queue.length === 0 && rooms.get(key.address) === queue) rooms.delete(key.address);
      resolve();
    };
    // A little jitter, so waiters looking on their own do not all look at once.
    const timer = setTimeout(wake, PLACE_LOOK_MS + Math.floor(Math.random() * PLACE_LOOK_MS));
    queue.push(wake);
  });
}

/** Wakes the first try waiting for a place on this address in this process, if any. */
function wakeNext(db: Db, address: string): void {
  waitingRooms.get(db)?.get(address)?.[0]?.();
}

/**
 * A failed try stays counted: on a rule counting only failures it now becomes one, and its
 * place is let go. Rows only grow with failures, so this is also where old ones go.
 */
async function countFailure(db: Db, reserved: Reserved[], now: number): Promise<void> {
  for (const { rule, key, windowStart } of reserved) {
    if (!rule.countsOnlyFailures) continue;
    const failures = sql<number>`failures + 1`;
    const wait = sql<number>`cast(${now} as bigint) + ${delaySql(rule, failures)}`;
    await db
      .updateTable('login_attempts')
      .set({
        failures,
        // A window that has started again since no longer holds this try's place.
        in_flight: sql<number>`case when window_start = ${windowStart} and in_flight > 0 then in_flight - 1 else in_flight end`,
        next_attempt_at: sql<number>`case when next_attempt_at > ${wait} then next_attempt_at else ${wait} end`,
      })
      .where(isKey(key))
      .execute();
    wakeNext(db, key.address);
  }
  await trimLoginAttempts(db, now);
}

/** A success gives its try back: the pair's count is cleared, the others lose one failure. */
async function giveBack(db: Db, reserved: Reserved[], now: number): Promise<void> {
  for (const { rule, key, windowStart, nextAttemptAt } of reserved) {
    if (rule.clearedBySuccess) {
      await db.deleteFrom('login_attempts').where(isKey(key)).execute();
      continue;
    }
    await db
      .updateTable('login_attempts')
      .set({
        ...(rule.countsOnlyFailures
          ? // Its place is let go; it was never a failure.
            { in_flight: sql<number>`case when in_flight > 0 then in_flight - 1 else 0 end` }
          : { failures: sql<number>`case when failures > 0 then failures - 1 else 0 end` }),
        // The wait this try set is lifted, unless a later try has set its own since.
        next_attempt_at: sql<number>`case when next_attempt_at = ${nextAttemptAt} then ${now} else next_attempt_at end`,
      })
      .where(isKey(key))
      // A window that has started again since holds other tries.
      .where('window_start', '=', windowStart)
      .execute();
    if (rule.countsOnlyFailures) wakeNext(db, key.address);
  }
}

const isKey = (key: Key) => (eb: ExpressionBuilder<Database, 'login_attempts'>) =>
  eb.and([
    eb('scope', '=', key.scope),
    eb('username', '=', key.username),
    eb('address', '=', key.address),
  ]);

/** Why a try was refused: the rule that makes it wait longest, and for how long. */
async function refusal(db: Db, keys: LoginKeys, now: number): Promise<LoginThrottled> {
  const waits = await Promise.all(
    rulesFor(keys).map(async (rule) => ({
      scope: rule.scope,
      waitMs: await waitOn(db, rule, keyOf(rule, keys), now),
    })),
  );
  const longest = waits.reduce((a, b) => (b.waitMs > a.waitMs ? b : a));
  // A wait that ended between the refusal and this look still gets a second's pause.
  return new LoginThrottled(longest.scope, Math.max(longest.waitMs, 1000));
}

/** How long `rule` makes `key` wait now (0: not at all). */
async function waitOn(db: Db, rule: LoginRule, key: Key, now: number): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select(['window_start', 'failures', 'next_attempt_at'])
    .where(isKey(key))
    .executeTakeFirst();
  if (!row) return 0;
  const windowEnd = row.window_start + rule.windowMs;
  if (windowEnd <= now) return 0;
  const locked = rule.maxFailures !== null && row.failures >= rule.maxFailures;
  const delayed = rule.delay !== null && row.failures >= rule.delay.freeFailures;
  return Math.max(locked ? windowEnd - now : 0, delayed ? row.next_attempt_at - now : 0);
}

/**
 * One rule counted on the caller's address outside login (the public check of certificate
 * codes, issue 30): reserved before the look-up as a login try is, so every instance counts
 * together; throws LoginThrottled when the rule refuses. A success gives the try back.
 */
export async function beginAddressTry(
  db: Db,
  rule: LoginRule,
  address: string,
  now: number,
): Promise<LoginAttempt> {
  const key: Key = { scope: rule.scope, username: '', address: addressKey(address) };
  const row = await reserve(db, rule, key, now);
  if (!row) throw new LoginThrottled(rule.scope, Math.max(await waitOn(db, rule, key, now), 1000));
  const reserved: Reserved = {
    rule,
    key,
    windowStart: row.window_start,
    nextAttemptAt: row.next_attempt_at,
  };
  return {
    succeeded: () => giveBack(db, [reserved], now),
    failed: () => trimLoginAttempts(db, now),
  };
}

/**
 * Counts a "Forgot password?" request on what was typed and on the address (PASSWORD_RESET_RULES),
 * in one transaction as a login try is, before anything is looked up; throws LoginThrottled
 * (and counts nothing) when a rule refuses. Nothing is given back.
 */
export async function countPasswordResetRequest(
  db: Db,
  keys: { login: string; address: string },
  now: number,
): Promise<void> {
  const keyOfRule = (rule: LoginRule): Key =>
    rule.scope === 'reset-login'
      ? { scope: rule.scope, username: usernameKey(keys.login), address: '' }
      : { scope: rule.scope, username: '', address: addressKey(keys.address) };
  try {
    await db.transaction().execute(async (trx) => {
      for (const rule of PASSWORD_RESET_RULES)
        if (!(await reserve(trx, rule, keyOfRule(rule), now))) throw new Refused();
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    const waits = await Promise.all(
      PASSWORD_RESET_RULES.map(async (rule) => ({
        scope: rule.scope,
        waitMs: await waitOn(db, rule, keyOfRule(rule), now),
      })),
    );
    const longest = waits.reduce((a, b) => (b.waitMs > a.waitMs ? b : a));
    throw new LoginThrottled(longest.scope, Math.max(longest.waitMs, 1000));
  }
  await trimLoginAttempts(db, now);
}

/** Drops the counts of windows that have ended. */
export async function trimLoginAttempts(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('window_start', '<=', now - LONGEST_LOGIN_WINDOW_MS)
    .execute();
}

/** An admin's password reset: the username starts afresh, at every address and device. */
export async function clearLoginAttempts(db: Db, username: string): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('scope', 'in', ['pair', 'username', 'device'])
    .where('username', '=', usernameKey(username))
    .execute();
}
