import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Warn } from '../warn.js';
import type { Db } from './index.js';
import { holdLease, releaseLease } from './leases.js';

/** The lease a run holds: a long run renews it between steps. */
export interface HeldLease {
  /** Renews the lease at `now`: false once another instance has it (the run should stop). */
  renew(now: number): Promise<boolean>;
}

export interface LeasedWorkerOptions<Outcome> {
  /** The lease's name in scheduler_leases: one per job, the same on every instance. */
  name: string;
  db: Db;
  /** The app's clock: each run starts at `now()`, and the lease's times are on it. */
  now: () => number;
  /** How often it runs; 0: never on its own (tests run it by hand). */
  everyMs: number;
  warn: Warn;
  /** The work of one run, while this instance holds the lease. */
  run: (now: number, lease: HeldLease) => Promise<Outcome>;
  /** What a run answers when it did nothing (another instance holds the lease, or it failed). */
  idle: () => Outcome;
  /**
   * This instance has just taken the lease (at its start, or from an instance that stopped
   * renewing it): what the last holder left half done is this one's now.
   */
  tookOver?: (now: number) => Promise<void>;
  /**
   * How long the lease lasts unless renewed: by default three runs, and at least three
   * minutes. A job that renews it often can take a shorter one, so that after its instance
   * dies another (or the same, restarted) takes over sooner.
   */
  leaseMs?: number;
}

export interface LeasedWorker<Outcome> {
  /** Runs every `everyMs` from now on (and once at once); nothing when `everyMs` is 0. */
  start(): void;
  /** One run now, or the one going on: a run is waited for, never doubled. */
  runOnce(): Promise<Outcome>;
  /** Something was queued on this instance: a run now rather than at the next tick. */
  wake(): void;
  /** Stops the runs, waits for the one going on, and gives the lease up. */
  stop(): Promise<void>;
}

/**
 * A background job that runs on whichever one instance holds its lease (db/leases.ts): the
 * reminders, the outbox, the notifications left half written. Every `everyMs` it takes or
 * renews the lease and, holding it, runs. A failure is logged and the next run tries again.
 * Stopping gives the lease up, so another instance takes over at once rather than when it
 * lapses.
 */
export function leasedWorker<Outcome>(
  options: LeasedWorkerOptions<Outcome>,
): LeasedWorker<Outcome> {
  const { name, db, now, everyMs, warn, idle } = options;
  /** This instance, as a lease holder. */
  const holder = randomBytes(8).toString('hex');
  // The lease outlives a missed run or two, and lapses soon after its holder is gone.
  const leaseMs = options.leaseMs ?? 3 * Math.max(everyMs, 60_000);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<Outcome> | undefined;
  /** Whether this instance held the lease at its last look. */
  let holding = false;

  const lease: HeldLease = {
    async renew(at) {
      const held = await holdLease(db, name, holder, at, leaseMs);
      const taken = held && !holding;
      holding = held;
      if (taken) await options.tookOver?.(at);
      return held;
    },
  };

  const run = async (): Promise<Outcome> => {
    try {
      const at = now();
      if (!(await lease.renew(at))) return idle();
      return await options.run(at, lease);
    } catch (error) {
      warn(error, `${name} failed; the next run tries again`);
      return idle();
    }
  };

  const runOnce = () => {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    start() {
      if (everyMs <= 0 || timer) return;
      timer = setInterval(() => void runOnce(), everyMs);
      timer.unref();
      void runOnce();
    },
    runOnce,
    wake() {
      if (everyMs > 0 && !running) void runOnce();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
      holding = false;
      await releaseLease(db, name, holder).catch((error) =>
        warn(error, `could not give up the ${name} lease`),
      );
    },
  };
}

/**
 * Runs a worker while the app is open: from when it is ready (every service is there) until
 * it starts closing, before the database does.
 */
export function runWhileOpen(
  app: FastifyInstance,
  worker: Pick<LeasedWorker<unknown>, 'start' | 'stop'>,
): void {
  app.addHook('onReady', async () => {
    worker.start();
  });
  app.addHook('preClose', async () => {
    await worker.stop();
  });
}
