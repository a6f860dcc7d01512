import type { LiveRecap, LiveTopic } from '@academy/contract/live';
import type { Audience } from './messages.js';

/** Who a recap is for: the owner of a stream about to open. */
export interface RecapOwner {
  userId: number;
  isStaff: boolean;
  isTeacher: boolean;
}

/**
 * How long changes are remembered: a tab's first stream opens within seconds of its first
 * read, and a page slower than this is asked again whole, as before there were recaps.
 */
export const RECAP_HORIZON_MS = 2 * 60_000;

type Times = Map<LiveTopic, number>;

/**
 * When each topic last changed for each audience this instance heard of (its own changes and
 * the other instances'), for the last couple of minutes: a stream's `ready` event carries what
 * changed for its owner (LiveRecap). Kept as the latest time per topic, per group (students,
 * staff, administrators) and per user named, not as a log: a recap is a few map reads, and a
 * change costs a map write per user it names. Users whose last change is past the horizon are
 * forgotten at most once a horizon, so memory follows the users changed lately.
 */
export class RecentChanges {
  private readonly students: Times = new Map();
  private readonly staff: Times = new Map();
  private readonly administrators: Times = new Map();
  private readonly byUser = new Map<number, { latest: number; times: Times }>();
  /** Changes since this are all here; Infinity while this instance cannot hear the others. */
  private knownSince: number;
  private prunedAt: number;

  constructor(private readonly now: () => number) {
    this.knownSince = now();
    this.prunedAt = this.knownSince;
  }

  /** A change told to `audience` (as the hub delivers it, `staffOf` already resolved). */
  record(topic: LiveTopic, audience: Audience): void {
    const at = this.now();
    const { users = [], admins = false, administrators = false, students = false } = audience;
    if (students) this.students.set(topic, at);
    if (admins) this.staff.set(topic, at);
    if (administrators) this.administrators.set(topic, at);
    for (const userId of users) {
      let entry = this.byUser.get(userId);
      if (!entry) {
        entry = { latest: at, times: new Map() };
        this.byUser.set(userId, entry);
      }
      entry.latest = at;
      entry.times.set(topic, at);
    }
    if (at - this.prunedAt >= RECAP_HORIZON_MS) this.prune(at);
  }

  /**
   * What changed for this owner since `knownSince`; undefined while nothing can be said. Whom
   * each group names is the hub's rule for delivering (LiveHub.audienceStreams): the live
   * matrix (live.int.test.ts) holds every recap to what the owner's open stream was told.
   */
  recapFor(owner: RecapOwner): LiveRecap | undefined {
    if (!Number.isFinite(this.knownSince)) return undefined;
    const changedAt: LiveRecap['changedAt'] = {};
    const take = (times: Times | undefined) => {
      for (const [topic, at] of times ?? [])
        if (at >= this.knownSince && at > (changedAt[topic] ?? -1)) changedAt[topic] = at;
    };
    if (owner.isStaff) take(this.staff);
    else take(this.students);
    if (owner.isStaff && !owner.isTeacher) take(this.administrators);
    take(this.byUser.get(owner.userId)?.times);
    return { at: this.now(), knownSince: this.knownSince, changedAt };
  }

  /** This instance cannot hear the others: changes may be missed until it does again. */
  deaf(): void {
    this.knownSince = Number.POSITIVE_INFINITY;
  }

  /** It hears them again: what it records from now on is whole. */
  hearing(): void {
    this.knownSince = this.now();
  }

  private prune(at: number): void {
    const cutoff = at - RECAP_HORIZON_MS;
    for (const [userId, entry] of this.byUser)
      if (entry.latest < cutoff) this.byUser.delete(userId);
    this.prunedAt = at;
    // A user forgotten had no change since the cutoff: nothing before it can be said.
    this.knownSince = Math.max(this.knownSince, cutoff);
  }
}
