import type { Caller } from './caller.js';

interface Entry {
  caller: Caller;
  tokenExpiresAt: number;
  freshUntil: number;
}

/**
 * Who a token belongs to, remembered for a few seconds: every student's browser sends three
 * polls at once every 10 s, and the token lookup was the largest part of each. Logout, a
 * password change or reset and a deactivation on this instance take effect at once (they
 * clear it); on other instances within the TTL.
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

  get generation(): number {
    return this.generationCounter;
  }

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  get(tokenHash: string, now: number): Caller | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.freshUntil <= now || entry.tokenExpiresAt <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.caller;
  }

  set(caller: Caller, tokenExpiresAt: number, now: number, seenGeneration: number): void {
    if (this.ttlMs <= 0 || seenGeneration !== this.generationCounter) return;
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

  /** A user's tokens changed (password, deactivation): forget everything, it is rare. */
  clear(): void {
    this.generationCounter += 1;
    this.entries.clear();
    this.inFlight.clear();
  }
}
