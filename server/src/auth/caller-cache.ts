import type { Caller } from './caller.js';

interface Entry {
  caller: Caller;
  tokenExpiresAt: number;
  freshUntil: number;
}

/**
 * Who a token belongs to, remembered for a while (CALLER_CACHE_SECONDS): every student's
 * browser sends three polls at once every 10 s, and the token lookup was the largest part of
 * each. Logout, a password change or reset and a deactivation take effect at once: on this
 * instance they forget the token or the user, and other instances hear of it
 * (auth/ended-sessions.ts). An instance that cannot hear is suspended: it trusts nothing it
 * remembers until it can hear again.
 */
export class CallerCache {
  private readonly entries = new Map<string, Entry>();
  /** Lookups under way: a student's three polls arrive together and share one. */
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

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  /** Whether remembered callers are trusted (false while ended sessions cannot be heard). */
  get trusting(): boolean {
    return !this.suspended;
  }

  get(tokenHash: string, now: number): Caller | undefined {
    if (this.suspended) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.freshUntil <= now || entry.tokenExpiresAt <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.caller;
  }

  set(caller: Caller, tokenExpiresAt: number, now: number, seenGeneration: number): void {
    if (this.ttlMs <= 0 || this.suspended || seenGeneration !== this.generationCounter) return;
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: the oldest entry goes first.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(caller.tokenHash, { caller, tokenExpiresAt, freshUntil: now + this.ttlMs });
  }

  /**
   * Runs `lookup` for a token unless one is already under way, in which case its answer is
   * shared. A request that arrives after a forget or clear never joins an earlier lookup.
   */
  share(tokenHash: string, lookup: () => Promise<Caller | null>): Promise<Caller | null> {
    const running = this.inFlight.get(tokenHash);
    if (running) return running;
    const started = lookup().finally(() => {
      if (this.inFlight.get(tokenHash) === started) this.inFlight.delete(tokenHash);
    });
    this.inFlight.set(tokenHash, started);
    return started;
  }

  forget(tokenHash: string): void {
    this.generationCounter += 1;
    this.entries.delete(tokenHash);
    this.inFlight.delete(tokenHash);
  }

  /** Every token of a user ended (a password change or reset, a deactivation). */
  forgetUser(userId: number): void {
    this.generationCounter += 1;
    for (const [tokenHash, entry] of this.entries) {
      if (entry.caller.id === userId) this.entries.delete(tokenHash);
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
    this.inFlight.clear();
  }
}
