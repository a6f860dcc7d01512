import { LIVE_TOPICS, type LiveTopic } from '@academy/contract/live';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/index.js';
import type { Audience, Origin, SessionEnd } from './messages.js';

/**
 * What one instance tells every other, when several run on one PostgreSQL database: a
 * session that ended (logout, a password change or reset, a deactivation), so every instance
 * forgets the token and closes its streams, and a change for the live streams, so the
 * browsers connected to another instance hear of it too.
 *
 * Between instances on PostgreSQL, messages go on one channel per schema (NOTIFY; delivered
 * on commit, so a notice sent inside the transaction of its change goes out exactly when the
 * change is visible), and every instance listens on a connection of its own. Between the
 * processes of one server (PROCESSES) they go through the process that started them
 * (process-channel.ts). One process on SQLite has nothing to tell.
 */

export type ClusterMessage =
  | { ended: SessionEnd }
  | { change: LiveTopic; audience: Audience; origin?: Origin | undefined };

/** What a channel tells the one listening. */
export interface ChannelListener {
  /** A message heard (its sender's own, on PostgreSQL, included). */
  onNotice: (payload: string | undefined) => void;
  /**
   * Whether this instance hears the others, when that changes: false whenever a notice may
   * have been missed, true once it hears again. A channel that hears from the moment it
   * opens (the processes') never calls it; PostgreSQL's says false until it listens.
   */
  onHearing: (hearing: boolean) => void;
  onError: (error: unknown) => void;
}

/** The way to the other instances, or the other processes. */
export interface ClusterChannel {
  /** Settles when the first attempt to listen has succeeded or failed. */
  ready: Promise<void>;
  /**
   * True when a message sent with `db` a transaction leaves on its commit (PostgreSQL): one
   * that ends sessions is then sent in the change's own transaction. False: it leaves at
   * once, and is sent once the change is made.
   */
  sendsOnCommit: boolean;
  send(db: Db, from: string, messages: readonly ClusterMessage[]): Promise<void>;
  close(): Promise<void>;
}

export type OpenChannel = (listener: ChannelListener) => ClusterChannel;

/** The instances that share this PostgreSQL database (and schema). */
export function postgresChannel(options: {
  connectionString: string;
  schema?: string | undefined;
}): OpenChannel {
  return (listener) => {
    const listening = listenToCluster({ ...options, ...listener });
    return {
      ready: listening.ready,
      sendsOnCommit: true,
      send: announce,
      close: () => listening.close(),
    };
  };
}

/** The channel of this academy: one per schema, as several can share a database. */
const channelSql = sql<string>`'academy:' || current_schema()`;

/** NOTIFY payloads are limited to 8000 bytes: long lists of users go in several notices. */
const USERS_PER_NOTICE = 500;

/**
 * Sends messages to every instance listening (this one hears them too, and skips its own by
 * `from`). Run it on a transaction to send on its commit.
 */
export async function announce(
  db: Db,
  from: string,
  messages: readonly ClusterMessage[],
): Promise<void> {
  for (const message of messages.flatMap(split)) {
    await sql`select pg_notify(${channelSql}, ${JSON.stringify({ from, ...message })})`.execute(db);
  }
}

function split(message: ClusterMessage): ClusterMessage[] {
  if (!('change' in message)) return [message];
  const { users = [], ...roles } = message.audience;
  if (users.length <= USERS_PER_NOTICE) return [message];
  const parts: ClusterMessage[] = [];
  for (let i = 0; i < users.length; i += USERS_PER_NOTICE) {
    const some = users.slice(i, i + USERS_PER_NOTICE);
    parts.push({
      change: message.change,
      audience: i === 0 ? { ...roles, users: some } : { users: some },
      ...(message.origin ? { origin: message.origin } : {}),
    });
  }
  return parts;
}

const topics = new Set<string>(LIVE_TOPICS);

/** A notice as heard, checked field by field; anything else is ignored. */
export function decode(
  payload: string | undefined,
): { from: string; message: ClusterMessage } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload ?? '');
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { from, ended, change, audience, origin } = value as Record<string, unknown>;
  if (typeof from !== 'string') return undefined;
  if (typeof ended === 'object' && ended !== null) {
    const { tokenHash, userId, keepTokenHash } = ended as Record<string, unknown>;
    if (isTokenHash(tokenHash)) return { from, message: { ended: { tokenHash } } };
    if (Number.isInteger(userId)) {
      const keep = isTokenHash(keepTokenHash) ? { keepTokenHash } : {};
      return { from, message: { ended: { userId: userId as number, ...keep } } };
    }
    return undefined;
  }
  if (typeof change !== 'string' || !topics.has(change)) return undefined;
  if (typeof audience !== 'object' || audience === null) return undefined;
  const {
    users = [],
    admins = false,
    administrators = false,
    students = false,
  } = audience as Record<string, unknown>;
  if (!Array.isArray(users) || !users.every((id) => Number.isInteger(id))) return undefined;
  if ([admins, administrators, students].some((flag) => typeof flag !== 'boolean'))
    return undefined;
  return {
    from,
    message: {
      change: change as LiveTopic,
      ...(isOrigin(origin) ? { origin } : {}),
      audience: {
        users: users as number[],
        admins: admins as boolean,
        administrators: administrators as boolean,
        students: students as boolean,
      },
    },
  };
}

export interface ClusterListener {
  /** Settles when the first attempt to listen has succeeded or failed. */
  ready: Promise<void>;
  close(): Promise<void>;
}

interface ListenOptions extends ChannelListener {
  connectionString: string;
  schema?: string | undefined;
  /** Waits between reconnection attempts, the last repeated. */
  retryMs?: readonly number[];
}

/**
 * Listens on the channel, on a connection of its own, and connects again whenever that
 * connection is lost.
 */
export function listenToCluster(options: ListenOptions): ClusterListener {
  const retryMs = options.retryMs ?? [500, 1_000, 2_000, 5_000, 10_000];
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  options.onHearing(false);

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
    options.onHearing(false);
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
      application_name: 'academy cluster',
      // A connection that dies silently (a dropped route, no reset) is noticed in minutes, not
      // hours; meanwhile CALLER_CACHE_SECONDS still bounds what goes unheard.
      keepAlive: true,
      ...(options.schema ? { options: `-c search_path="${options.schema}"` } : {}),
    });
    next.on('error', lost);
    next.on('end', () => {
      if (!closed && client === next) lost(new Error('the cluster connection closed'));
    });
    next.on('notification', (message) => options.onNotice(message.payload));
    try {
      await next.connect();
      const { rows } = await next.query<{ channel: string }>(
        `select 'academy:' || current_schema() as channel`,
      );
      const channel = rows[0]?.channel ?? 'academy:public';
      await next.query(`listen "${channel.replaceAll('"', '""')}"`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      attempt = 0;
      options.onHearing(true);
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

/** A stream's name (a UUID) and its session's token hash; anything else is no origin. */
function isOrigin(value: unknown): value is Origin {
  if (typeof value !== 'object' || value === null) return false;
  const { stream, tokenHash } = value as Record<string, unknown>;
  return typeof stream === 'string' && /^[0-9a-f-]{36}$/.test(stream) && isTokenHash(tokenHash);
}

function isTokenHash(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}
