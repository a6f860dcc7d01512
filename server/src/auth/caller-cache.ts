import type { Caller } from './caller.js';

interface Entry {
  token: string;
  caller: Caller;
  tokenExpiresAt: number;
  freshUntil: number;
}

/**
 * Who a token belongs to, remembered for a while (CALLER_CACHE_SECONDS): every student's
 * browser sends three polls at once every 10 s, and the token lookup was the largest part of
 * each. Logout, a password change or reset and a deactivation take effect at once: on this
 * instance they forget the token or the user, and other instances hear of it
 * (live/cluster.ts). An instance that cannot hear is suspended: it trusts nothing it
 * remembers until it can hear again.
 *
 * Entries are found by the token itself, so a request it answers costs no hashing (SHA-256 of
 * every token cost a tenth of a poll under load); the database still only ever sees hashes,
 * and forgetting goes by hash, as ended sessions are announced (docs/security.md).
 */
export class CallerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly tokensByHash = new Map<string, string>();
  /** Lookups under way, by token: a student's three polls arrive together and share one. */
  private readonly inFlight = new Map<string, Promise<Caller | null>>();
  /**
   * Moves on every forget or clear. A lookup that read the database before a session ended
   * must not put its (now stale) answer back afterwards: set() takes the generation seen when
   * the lookup began and drops the answer if it has moved since.
   */
  private generationCounter = 0;
  private suspended = false;

  get generation(): number {
    return this.generationCounter;
  }

  /**
   * @param spread Part of the time to live taken off at random per entry: after a restart the
   *   browsers' tokens are all looked up within a poll round, and without it they would all
   *   be forgotten, and looked up again, in the same second every CALLER_CACHE_SECONDS.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
    private readonly spread = 0.25,
  ) {}

  /** Whether remembered callers are trusted (false while ended sessions cannot be heard). */
  get trusting(): boolean {
    return !this.suspended;
  }

  get(token: string, now: number): Caller | undefined {
    if (this.suspended) return undefined;
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.freshUntil <= now || entry.tokenExpiresAt <= now) {
      this.remove(entry);
      return undefined;
    }
    return entry.caller;
  }

  set(
    token: string,
    caller: Caller,
    tokenExpiresAt: number,
    now: number,
    seenGeneration: number,
  ): void {
    if (this.ttlMs <= 0 || this.suspended || seenGeneration !== this.generationCounter) return;
    const known = this.entries.get(token);
    if (known) this.remove(known);
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: the oldest entry goes first.
      const oldest = this.entries.values().next().value;
      if (oldest) this.remove(oldest);
    }
    const freshUntil = now + this.ttlMs * (1 - this.spread * Math.random());
    this.entries.set(token, { token, caller, tokenExpiresAt, freshUntil });
    this.tokensByHash.set(caller.tokenHash, token);
  }

  /**
   * Runs `lookup` for a token unless one is already under way, in which case its answer is
   * shared. A request that arrives after a forget or clear never joins an earlier lookup.
   */
  share(token: string, lookup: () => Promise<Caller | null>): Promise<Caller | null> {
    const running = this.inFlight.get(token);
    if (running) return running;
    const started = lookup().finally(() => {
      if (this.inFlight.get(token) === started) this.inFlight.delete(token);
    });
    this.inFlight.set(token, started);
    return started;
  }

  /** One session ended (logout): its token, known here by its hash, is forgotten. */
  forget(tokenHash: string): void {
    this.generationCounter += 1;
    const token = this.tokensByHash.get(tokenHash);
    const entry = token === undefined ? undefined : this.entries.get(token);
    if (entry) this.remove(entry);
    // Which token a lookup under way is for is known, but not its hash: none is joined.
    this.inFlight.clear();
  }

  /** Every token of a user ended (a password change or reset, a deactivation). */
  forgetUser(userId: number): void {
    this.generationCounter += 1;
    for (const entry of this.entries.values()) {
      if (entry.caller.id === userId) this.remove(entry);
    }
    // Whose tokens the lookups under way are for is not known until they finish.
    this.inFlight.clear();
  }

  /** Forgets everything and trusts nothing more until resume(). */
  suspend(): void {
    this.suspended = true;
    this.clear();
  }

  resume(): void {
    this.suspended = false;
  }

  /** Forgets everything. */
  clear(): void {
    this.generationCounter += 1;
    this.entries.clear();
    this.tokensByHash.clear();
    this.inFlight.clear();
  }

  private remove(entry: Entry): void {
    this.entries.delete(entry.token);
    this.tokensByHash.delete(entry.caller.tokenHash);
  }
}
