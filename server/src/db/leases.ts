import { randomBytes } from 'node:crypto';
import type { Warn } from '../warn.js';
import type { Db } from './index.js';

/**
 * Leases: which instance runs a background job (features/reminders), when several share one
 * database. A lease is a row naming its holder and when it lapses. Taking it is one
 * statement, so two instances asking at once cannot both win: the row is new (inserted), or
 * it is already the caller's, or it has lapsed (updated); otherwise it is left alone and the
 * statement returns nothing. The holder renews it on every run, well before it lapses; an
 * instance that stops or dies simply stops renewing, and another takes over once it lapses.
 */
export async function holdLease(
  db: Db,
  job: string,
  holder: string,
  now: number,
  forMs: number,
): Promise<boolean> {
  const taken = await db
    .insertInto('scheduler_leases')
    .values({ job, holder, expires_at: now + forMs })
    .onConflict((conflict) =>
      conflict
        .column('job')
        .doUpdateSet({ holder, expires_at: now + forMs })
        .where((eb) =>
          eb.or([
            eb('scheduler_leases.holder', '=', holder),
            eb('scheduler_leases.expires_at', '<=', now),
          ]),
        ),
    )
    .returning('holder')
    .executeTakeFirst();
  return taken?.holder === holder;
}

/** Gives a lease up (an instance shutting down), so another need not wait for it to lapse. */
export async function releaseLease(db: Db, job: string, holder: string): Promise<void> {
  await db
    .deleteFrom('scheduler_leases')
    .where('job', '=', job)
    .where('holder', '=', holder)
    .execute();
}

export interface LeasedJobOptions {
  db: Db;
  now: () => number;
  /** How often it runs; 0: never on its own (tests run it by hand). */
  everyMs: number;
  warn: Warn;
  /**
   * How long the lease lasts unless renewed: by default three runs, and at least three
   * minutes. A job that renews it often can take a shorter one, so that after its instance
   * dies another (or the same, restarted) takes over sooner.
   */
  leaseMs?: number;
}

/**
 * A background job that runs on whichever one instance holds its lease (the reminders, the
 * outbox): every `everyMs` it takes or renews the lease and, holding it, does its work. A run
 * still going is waited for, not doubled; a failure is logged and the next run tries again.
 * Stopping gives the lease up, so another instance takes over at once.
 */
export abstract class LeasedJob<Outcome> {
  /** This instance, as a lease holder. */
  private readonly holder = randomBytes(8).toString('hex');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<Outcome> | undefined;
  /** Whether this instance held the lease at its last look. */
  private holding = false;

  constructor(
    private readonly job: string,
    protected readonly base: LeasedJobOptions,
  ) {}

  /** What a run answers when it did nothing (another instance holds the lease, or it failed). */
  protected abstract readonly idle: () => Outcome;
  /** The work of one run, while this instance holds the lease. */
  protected abstract work(now: number): Promise<Outcome>;
  /**
   * This instance has just taken the lease (at its start, or from an instance that stopped
   * renewing it): what the last holder left half done is this one's now.
   */
  protected async tookOver(_now: number): Promise<void> {}

  /** The lease outlives a missed run or two, and lapses soon after its holder is gone. */
  private get leaseMs(): number {
    return this.base.leaseMs ?? 3 * Math.max(this.base.everyMs, 60_000);
  }

  start(): void {
    if (this.base.everyMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.base.everyMs);
    this.timer.unref();
    void this.runOnce();
  }

  /** Whether a run is going now. */
  protected get isRunning(): boolean {
    return this.running !== undefined;
  }

  runOnce(): Promise<Outcome> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Takes or renews the lease: false when another instance holds it. */
  protected async holdLease(now: number): Promise<boolean> {
    const held = await holdLease(this.base.db, this.job, this.holder, now, this.leaseMs);
    const taken = held && !this.holding;
    this.holding = held;
    if (taken) await this.tookOver(now);
    return held;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    this.holding = false;
    await releaseLease(this.base.db, this.job, this.holder).catch((error) =>
      this.base.warn(error, `could not give up the ${this.job} lease`),
    );
  }

  private async run(): Promise<Outcome> {
    try {
      const now = this.base.now();
      if (!(await this.holdLease(now))) return this.idle();
      return await this.work(now);
    } catch (error) {
      this.base.warn(error, `${this.job} failed; the next run tries again`);
      return this.idle();
    }
  }
}
