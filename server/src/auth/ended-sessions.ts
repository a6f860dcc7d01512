import { sql } from 'kysely';
import pg from 'pg';
import { dialectOf } from '../db/dialect.js';
import type { Db } from '../db/index.js';
import type { CallerCache } from './caller-cache.js';

/**
 * Sessions that end on one instance end on every instance at once. With several instances
 * on PostgreSQL, each remembers who a token belongs to (caller-cache.ts); a logout, password
 * change or reset, or deactivation handled by one instance is announced on a PostgreSQL
 * channel in the same transaction as the change (NOTIFY is delivered on commit), and every
 * instance listens on a connection of its own and forgets what it hears.
 *
 * An instance that cannot hear (its listening connection is down) trusts no remembered token
 * until it hears again: every request then looks its token up, slower but never stale.
 * SQLite has one instance, which forgets at once what it ends itself; nothing to announce.
 */

/** What a notice on the channel says: one token ended, or every token of a user. */
export type SessionEnd = { tokenHash: string } | { userId: number };

/** The channel of this academy: one per schema, as several can share a database. */
const channelSql = sql<string>`'academy_sessions:' || current_schema()`;

/**
 * Runs `change` (which ends sessions) and, on PostgreSQL, announces `end` to every instance
 * in the same transaction, so the notice goes out exactly when the change is visible.
 */
export async function endSessions(
  db: Db,
  end: SessionEnd,
  change: (db: Db) => Promise<unknown>,
): Promise<void> {
  if (dialectOf(db) !== 'postgres') {
    await change(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    await change(trx);
    await sql`select pg_notify(${channelSql}, ${encode(end)})`.execute(trx);
  });
}

const encode = (end: SessionEnd) =>
  'tokenHash' in end ? `token:${end.tokenHash}` : `user:${end.userId}`;

function decode(payload: string | undefined): SessionEnd | undefined {
  const [kind, value = ''] = (payload ?? '').split(':');
  if (kind === 'token' && /^[0-9a-f]{64}$/.test(value)) return { tokenHash: value };
  if (kind === 'user' && /^\d{1,10}$/.test(value)) return { userId: Number(value) };
  return undefined;
}

/** Applies an end of sessions to this instance's cache. */
export function forgetEnded(callers: CallerCache, end: SessionEnd): void {
  if ('tokenHash' in end) callers.forget(end.tokenHash);
  else callers.forgetUser(end.userId);
}

export interface EndedSessionsListener {
  /** Settles when the first attempt to listen has succeeded or failed. */
  ready: Promise<void>;
  close(): Promise<void>;
}

interface ListenOptions {
  connectionString: string;
  schema?: string | undefined;
  callers: CallerCache;
  onError: (error: unknown) => void;
  /** Waits between reconnection attempts, the last repeated. */
  retryMs?: readonly number[];
}

/**
 * Listens for ended sessions on PostgreSQL. The cache trusts nothing until the first LISTEN
 * succeeds, and again whenever the connection is lost, until a new one listens.
 */
export function listenForEndedSessions(options: ListenOptions): EndedSessionsListener {
  const { callers } = options;
  const retryMs = options.retryMs ?? [500, 1_000, 2_000, 5_000, 10_000];
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  callers.suspend();

  const retry = () => {
    if (closed || timer) return;
    const wait = retryMs[Math.min(attempt, retryMs.length - 1)] ?? 10_000;
    attempt += 1;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, wait);
    timer.unref();
  };

  const lost = (error?: unknown) => {
    // Whatever was remembered may have ended unheard: forget it and trust nothing for now.
    callers.suspend();
    if (error) options.onError(error);
    const old = client;
    client = undefined;
    old?.removeAllListeners();
    old?.on('error', () => {});
    void old?.end().catch(() => {});
    retry();
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client({
      connectionString: options.connectionString,
      // Named, so it can be told apart from the pool's connections in pg_stat_activity.
      application_name: 'academy ended sessions',
      // A connection that dies silently (a dropped route, no reset) is noticed in minutes, not
      // hours; meanwhile CALLER_CACHE_SECONDS still bounds what goes unheard.
      keepAlive: true,
      ...(options.schema ? { options: `-c search_path="${options.schema}"` } : {}),
    });
    next.on('error', lost);
    next.on('end', () => {
      if (!closed && client === next) lost(new Error('the connection for ended sessions closed'));
    });
    next.on('notification', (message) => {
      const end = decode(message.payload);
      if (end) forgetEnded(callers, end);
    });
    try {
      await next.connect();
      const { rows } = await next.query<{ channel: string }>(
        `select 'academy_sessions:' || current_schema() as channel`,
      );
      const channel = rows[0]?.channel ?? 'academy_sessions:public';
      await next.query(`listen "${channel.replaceAll('"', '""')}"`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      attempt = 0;
      callers.resume();
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => {});
      void next.end().catch(() => {});
      if (!closed) {
        options.onError(error);
        retry();
      }
    }
  }

  return {
    ready: connect(),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const last = client;
      client = undefined;
      if (last) {
        last.removeAllListeners();
        last.on('error', () => {});
        await last.end().catch(() => {});
      }
    },
  };
}
