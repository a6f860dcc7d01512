import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/harness.js';
import { leasedWorker, runWhileOpen } from './leased-worker.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The workers' own clock, far from the machine's: what they read must be this one. */
const clock = { now: Date.UTC(2031, 0, 6, 9, 0, 0) };
const MINUTE = 60_000;

/** A worker of the job `name` that answers the time each run was given. */
const worker = (name: string, everyMs = 0) =>
  leasedWorker<number | null>({
    name,
    db: t.database.db,
    now: () => clock.now,
    everyMs,
    warn: (error) => {
      throw error;
    },
    idle: () => null,
    run: async (now) => now,
  });

const leaseOf = (job: string) =>
  t.database.db
    .selectFrom('scheduler_leases')
    .select(['holder', 'expires_at'])
    .where('job', '=', job)
    .executeTakeFirst();

describe('a leased worker', () => {
  it('runs on one instance only, on the clock it is given, until its holder stops', async () => {
    const a = worker('test-one-holder');
    const b = worker('test-one-holder');
    // Both look at the same moment: one runs, at the given clock's time.
    const [byA, byB] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect([byA, byB].filter((ran) => ran !== null)).toEqual([clock.now]);
    // Its lease lasts three minutes from then, on that clock.
    expect(Number((await leaseOf('test-one-holder'))?.expires_at)).toBe(clock.now + 3 * MINUTE);
    const holder = byA === null ? b : a;
    const other = holder === a ? b : a;

    // The holder keeps it at its next run; the other still does nothing.
    clock.now += MINUTE;
    expect(await other.runOnce()).toBeNull();
    expect(await holder.runOnce()).toBe(clock.now);

    // The holder stops: it gives the lease up, and the other runs at once.
    await holder.stop();
    expect(await other.runOnce()).toBe(clock.now);
    await other.stop();
    expect(await leaseOf('test-one-holder')).toBeUndefined();
  });

  it('takes over a lease whose holder died once it lapses, and picks up what it left', async () => {
    const dead = worker('test-lapse');
    expect(await dead.runOnce()).toBe(clock.now);
    const tookOver: number[] = [];
    const next = leasedWorker({
      name: 'test-lapse',
      db: t.database.db,
      now: () => clock.now,
      everyMs: 0,
      warn: (error) => {
        throw error;
      },
      idle: () => null,
      tookOver: async (now) => {
        tookOver.push(now);
      },
      run: async (now) => now,
    });
    // The dead one never renews nor gives its lease up.
    expect(await next.runOnce()).toBeNull();
    clock.now += 3 * MINUTE;
    expect(await next.runOnce()).toBe(clock.now);
    expect(tookOver).toEqual([clock.now]);
    // Holding it still, it does not take it over again.
    expect(await next.runOnce()).toBe(clock.now);
    expect(tookOver).toHaveLength(1);
    await next.stop();
  });

  it('runs while the app is open, and stops and gives its lease up when it closes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const app = Fastify({ logger: false });
    const looking = worker('test-app', MINUTE);
    runWhileOpen(app, looking);
    expect(await leaseOf('test-app')).toBeUndefined();
    await app.ready();
    // Ready: it has run once (this waits for that run) and looks again every minute.
    expect(await looking.runOnce()).toBe(clock.now);
    expect(vi.getTimerCount()).toBe(1);
    expect(await leaseOf('test-app')).toBeDefined();
    await app.close();
    expect(vi.getTimerCount()).toBe(0);
    expect(await leaseOf('test-app')).toBeUndefined();
  });
});
