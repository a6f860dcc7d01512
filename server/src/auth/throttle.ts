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

/** Reserves a try on every rule, or throws LoginThrottled (and counts nothing). */
export async function beginLoginAttempt(
  db: Db,
  keys: LoginKeys,
  now: number,
): Promise<LoginAttempt> {
  let reserved: Reserved[];
  try {
    reserved = await db.transaction().execute(async (trx) => {
      const taken: Reserved[] = [];
      for (const rule of rulesFor(keys)) {
        const key = keyOf(rule, keys);
        const row = await reserve(trx, rule, key, now);
        if (!row) throw new Refused();
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
    if (error instanceof Refused) throw await refusal(db, keys, now);
    throw error;
  }
  return {
    succeeded: () => giveBack(db, reserved, now),
    // Rows only grow with failures, so this is where old ones go (no timer needed).
    failed: () => trimLoginAttempts(db, now),
  };
}

/** The existing row's column, inside ON CONFLICT DO UPDATE. */
const existing = (column: 'window_start' | 'failures' | 'next_attempt_at') =>
  sql.ref(`login_attempts.${column}`);

/**
 * Counts one try on `key` if `rule` allows it now; answers the row as it is afterwards, or
 * nothing when the rule refused (and then nothing changed).
 */
function reserve(db: Db, rule: LoginRule, key: Key, now: number) {
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
        failures: sql<number>`case when failures > 0 then failures - 1 else 0 end`,
        // The wait this try set is lifted, unless a later try has set its own since.
        next_attempt_at: sql<number>`case when next_attempt_at = ${nextAttemptAt} then ${now} else next_attempt_at end`,
      })
      .where(isKey(key))
      // A window that has started again since holds other tries.
      .where('window_start', '=', windowStart)
      .execute();
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
