import type { Db } from '../../db/index.js';

/**
 * Last-seen times, written in batches: every signed-in browser pings every 30 s, and one
 * UPDATE (and one commit) per ping was the most expensive part of the polling load on SQLite.
 * Pings are gathered in memory and written once a second in a single transaction; "online"
 * means seen in the last five minutes, so a second's delay changes nothing anyone sees.
 */
export class ActivityRecorder {
  private pending = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly intervalMs = 1_000,
  ) {}

  record(userId: number, at: number): void {
    this.pending.set(userId, Math.max(at, this.pending.get(userId) ?? 0));
    this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }

  /** Writes what is pending now (also on shutdown, and in tests). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = new Map();
    if (batch.size === 0) return this.flushing;
    this.flushing = this.flushing.then(() =>
      this.db
        .transaction()
        .execute(async (trx) => {
          for (const [userId, at] of batch) {
            await trx
              .updateTable('users')
              .set({ last_seen_at: at })
              .where('id', '=', userId)
              .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', at)]))
              .execute();
          }
        })
        .catch((error: unknown) => console.error('Could not record activity', error)),
    );
    return this.flushing;
  }
}
