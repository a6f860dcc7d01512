import { sql } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';

/**
 * Last-seen times, written in batches: every signed-in browser pings every 30 s, and one
 * UPDATE (and one commit) per ping was the most expensive part of the polling load on SQLite.
 * Pings are gathered in memory and written once a second; "online" means seen in the last
 * five minutes, so a second's delay changes nothing anyone sees.
 */
export class ActivityRecorder {
  private pending = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly write: (batch: Map<number, number>) => Promise<unknown>;

  constructor(
    db: Db,
    private readonly intervalMs = 1_000,
  ) {
    this.write = dialectOf(db) === 'postgres' ? writeOnPostgres(db) : writeOnSqlite(db);
  }

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
      this.write(batch).then(
        () => undefined,
        (error: unknown) => console.error('Could not record activity', error),
      ),
    );
    return this.flushing;
  }
}

// A second's pings are one statement, not one per student: built and run a thousand times a
// second, per-row UPDATEs cost about a millisecond of the event loop per ping under load.
// A time never moves backwards (another instance may have written a later one).

/** SQLite: the batch travels as one JSON array of [user id, time] pairs. */
const writeOnSqlite = (db: Db) => (batch: Map<number, number>) =>
  sql`update users set last_seen_at = seen.at
      from (select value ->> 0 as id, value ->> 1 as at from json_each(${JSON.stringify([...batch])})) as seen
      where users.id = seen.id and (users.last_seen_at is null or users.last_seen_at < seen.at)`.execute(
    db,
  );

/** PostgreSQL: the batch travels as two arrays, unnested side by side. */
const writeOnPostgres = (db: Db) => (batch: Map<number, number>) =>
  sql`update users set last_seen_at = seen.at
      from unnest(${[...batch.keys()]}::integer[], ${[...batch.values()]}::bigint[]) as seen(id, at)
      where users.id = seen.id and (users.last_seen_at is null or users.last_seen_at < seen.at)`.execute(
    db,
  );
