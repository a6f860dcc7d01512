import { randomBytes } from 'node:crypto';
import type { LiveTopic } from '@academy/contract/live';
import type { CallerCache } from '../auth/caller-cache.js';
import type { Db } from '../db/index.js';
import type { Warn } from '../warn.js';
import { type ClusterChannel, type ClusterMessage, decode, type OpenChannel } from './cluster.js';
import { LiveHub, type Origin } from './hub.js';
import type { Audience, SessionEnd } from './messages.js';
import { rememberedTeachers } from './remembered-teachers.js';

export type { Origin } from './hub.js';
export type { Audience } from './messages.js';

/** Comings and goings within this long are told to administrators as one change. */
const PRESENCE_COALESCE_MS = 2_000;

export type { SessionEnd } from './messages.js';

interface LiveOptions {
  db: Db;
  now: () => number;
  callers: CallerCache;
  /**
   * The way to the other instances (on PostgreSQL) or the server's other processes: they
   * are told, and heard, through it. None: this process is the only one.
   */
  channel?: OpenChannel | undefined;
  /** A user with an open stream is here (the activity ping rides on the stream). */
  onAlive?: (userId: number, at: number) => void;
  /**
   * The teachers of these students (auth/reach.ts teachersOf). A change about particular
   * students that names every staff member (`admins`) is told to the administrators and to
   * those students' teachers only: a teacher's stream hears of their own classes (issue 48,
   * point 8). Unset: every teacher hears it.
   */
  teachersOf?: (studentIds: readonly number[]) => Promise<number[]>;
  /** Hears every change, from this instance or another (clock.ts re-reads item windows). */
  onChange?: (topic: LiveTopic) => void;
  /** This instance hears the others again after it could not: it may have missed changes. */
  onHearingAgain?: () => void;
  warn: Warn;
}

/**
 * Where changes and ended sessions go out from, on this instance and to every other:
 * handlers call `publish` after a change and `endSessions` to end sessions, and need to
 * remember nothing else (no cache to clear, no stream to close, no notice to send).
 */
export class Live {
  readonly hub: LiveHub;
  /** Tells this instance's notices from the others' when it hears its own. */
  private readonly id = randomBytes(8).toString('hex');
  private readonly channel: ClusterChannel | undefined;
  private presenceTimer: NodeJS.Timeout | undefined;
  /** The students' teachers whom their changes are told, remembered a minute (remembered-teachers.ts). */
  private readonly teachers: ReturnType<typeof rememberedTeachers> | undefined;

  constructor(private readonly options: LiveOptions) {
    this.teachers = options.teachersOf
      ? rememberedTeachers(options.teachersOf, options.now)
      : undefined;
    this.hub = new LiveHub({
      now: options.now,
      ...(options.onAlive ? { onAlive: options.onAlive } : {}),
      // Administrators' lists of who is online change when someone's first stream opens or
      // their last one closes. After a restart thousands of browsers come back within
      // seconds: one notice for all of them, not one each.
      onPresence: () => {
        this.presenceTimer ??= setTimeout(() => {
          this.presenceTimer = undefined;
          void this.publish('online', { admins: true });
        }, PRESENCE_COALESCE_MS);
        this.presenceTimer.unref();
      },
    });
    this.channel = options.channel?.({
      onNotice: (payload) => this.hear(payload),
      onHearing: (hearing) => {
        // What is remembered, or streamed, may have missed a notice: trust nothing and
        // stream nothing until this instance hears again.
        if (hearing) {
          options.callers.resume();
          this.hub.resume();
          options.onHearingAgain?.();
        } else {
          options.callers.suspend();
          this.hub.suspend();
        }
      },
      onError: (error) =>
        options.warn(
          error,
          'cannot hear other instances; every token is looked up and no live stream is taken until then',
        ),
    });
  }

  /** Settles once this instance first hears the others (or has failed to, and keeps trying). */
  get ready(): Promise<void> {
    return this.channel?.ready ?? Promise.resolve();
  }

  /**
   * Tells an audience that `topic` changed: streams on this instance at once, the others'
   * through the channel. A notice that cannot be sent is logged, not thrown: the change is
   * made, and the browsers' safety polls will find it. The `origin`'s stream, the writing
   * tab's, is skipped, wherever it is held: the others are told the origin too (a server's
   * processes take connections in turn, so its stream is as often another's as this one's).
   */
  async publish(topic: LiveTopic, named: Audience, origin?: Origin): Promise<void> {
    // Nobody named: nothing to tell. The administrators alone are somebody (a fee plan saved).
    if (
      !named.admins &&
      !named.administrators &&
      !named.students &&
      !named.users?.length &&
      !named.staffOf
    )
      return;
    const audience = await this.narrowed(named);
    this.hub.deliver(topic, audience, origin);
    this.heard(topic);
    await this.tell([{ change: topic, audience, origin }], `a change (${topic})`);
  }

  /**
   * A change about particular students told to staff: the administrators and those students'
   * teachers, not every teacher. The narrowing is done here, once, so the other instances
   * are sent whom to tell and need not ask. Should the look-up fail, every staff member is
   * told, as before: a topic tells nothing of the data, and a change must not go unheard.
   */
  private async narrowed(audience: Audience): Promise<Audience> {
    const { staffOf, ...rest } = audience;
    const users = rest.users ?? [];
    // Whose teachers hear it: the students named with every staff member, or `staffOf`.
    const concerned = staffOf ?? (rest.admins && !rest.students ? users : []);
    const teachersOf = this.teachers?.teachersOf;
    if (concerned.length === 0 || !teachersOf)
      return staffOf ? { ...rest, admins: true } : audience;
    try {
      return {
        ...rest,
        admins: false,
        administrators: true,
        users: [...users, ...(await teachersOf(concerned))],
      };
    } catch (error) {
      this.options.warn(error, 'could not find the teachers to tell of a change: told all staff');
      return { ...rest, admins: true };
    }
  }

  /**
   * Ends sessions: runs `change` (which revokes the tokens), then every instance forgets the
   * token or the user and closes their streams. On PostgreSQL the notice goes in the
   * change's own transaction, so no instance can hear it before the change is visible, nor
   * miss it when the change is made; to the server's other processes it goes once the change
   * is made (should that fail, CALLER_CACHE_SECONDS bounds what they still admit).
   */
  async endSessions(end: SessionEnd, change: (db: Db) => Promise<unknown>): Promise<void> {
    const { db } = this.options;
    const { channel } = this;
    if (channel?.sendsOnCommit) {
      await db.transaction().execute(async (trx) => {
        await change(trx);
        await channel.send(trx, this.id, [{ ended: end }]);
      });
    } else {
      await change(db);
      await this.tell([{ ended: end }], 'an ended session');
    }
    this.apply({ ended: end });
  }

  async close(): Promise<void> {
    this.hub.shutdown();
    if (this.presenceTimer) clearTimeout(this.presenceTimer);
    await this.channel?.close();
  }

  /** Sends to the others; what cannot be sent is logged (the change itself is made). */
  private async tell(messages: ClusterMessage[], what: string): Promise<void> {
    await this.channel
      ?.send(this.options.db, this.id, messages)
      .catch((error) => this.options.warn(error, `could not tell the others of ${what}`));
  }

  private hear(payload: string | undefined): void {
    const notice = decode(payload);
    if (!notice || notice.from === this.id) return;
    this.apply(notice.message);
  }

  private apply(message: ClusterMessage): void {
    if ('ended' in message) {
      const { ended } = message;
      if ('tokenHash' in ended) this.options.callers.forget(ended.tokenHash);
      else this.options.callers.forgetUser(ended.userId);
      this.hub.endSessions(ended);
      return;
    }
    this.hub.deliver(message.change, message.audience, message.origin);
    this.heard(message.change);
  }

  /** A change, this instance's or another's; one to classes may change who teaches whom. */
  private heard(topic: LiveTopic): void {
    if (topic === 'classes' || topic === 'users') this.teachers?.forget();
    this.options.onChange?.(topic);
  }
}
