import { describe, expect, it } from 'vitest';
import type { Caller } from './caller.js';
import { CallerCache } from './caller-cache.js';

/** The token whose hash is `tokenHash` (the cache finds entries by token, forgets by hash). */
const tok = (tokenHash: string) => `token-of-${tokenHash}`;
const caller = (tokenHash: string, id = 1): Caller => ({
  id,
  name: 'Sara',
  username: 'sara',
  roleId: 2,
  isAdmin: false,
  isTeacher: false,
  tokenHash,
  tokenExpiresAt: Number.MAX_SAFE_INTEGER,
});

describe('CallerCache', () => {
  it('remembers a caller for its time to live, never past the token’s own expiry', () => {
    const cache = new CallerCache(5_000, 50_000, 0);
    cache.set(tok('a'), caller('a'), 3_000, 0, cache.generation);
    expect(cache.get(tok('a'), 2_999)?.id).toBe(1);
    expect(cache.get(tok('a'), 3_000)).toBeUndefined();
    cache.set(tok('b'), caller('b'), 100_000, 0, cache.generation);
    expect(cache.get(tok('b'), 4_999)?.id).toBe(1);
    expect(cache.get(tok('b'), 5_000)).toBeUndefined();
  });

  it('forgets one token, or all of them, at once', () => {
    const cache = new CallerCache(5_000, 50_000, 0);
    cache.set(tok('a'), caller('a'), 100_000, 0, cache.generation);
    cache.set(tok('b'), caller('b'), 100_000, 0, cache.generation);
    cache.forget('a');
    expect(cache.get(tok('a'), 1)).toBeUndefined();
    expect(cache.get(tok('b'), 1)).toBeDefined();
    cache.clear();
    expect(cache.get(tok('b'), 1)).toBeUndefined();
  });

  it('drops an answer read from the database before a session ended', () => {
    const cache = new CallerCache(5_000, 50_000, 0);
    // A lookup starts, a logout or deactivation clears the cache, then the lookup finishes.
    const seen = cache.generation;
    cache.clear();
    cache.set(tok('a'), caller('a'), 100_000, 0, seen);
    expect(cache.get(tok('a'), 1)).toBeUndefined();
    const seenAgain = cache.generation;
    cache.forget('other');
    cache.set(tok('a'), caller('a'), 100_000, 0, seenAgain);
    expect(cache.get(tok('a'), 1)).toBeUndefined();
    // A lookup that began after the change is kept.
    cache.set(tok('a'), caller('a'), 100_000, 0, cache.generation);
    expect(cache.get(tok('a'), 1)).toBeDefined();
  });

  it('keeps nothing with a time to live of 0, and the newest entries when full', () => {
    const off = new CallerCache(0);
    off.set(tok('a'), caller('a'), 100_000, 0, off.generation);
    expect(off.get(tok('a'), 1)).toBeUndefined();
    const small = new CallerCache(5_000, 2, 0);
    for (const hash of ['a', 'b', 'c'])
      small.set(tok(hash), caller(hash), 100_000, 0, small.generation);
    expect(small.get(tok('a'), 1)).toBeUndefined();
    expect(small.get(tok('b'), 1)).toBeDefined();
    expect(small.get(tok('c'), 1)).toBeDefined();
  });

  it('shares one lookup among the requests that carry a token while it runs', async () => {
    const cache = new CallerCache(5_000, 50_000, 0);
    let lookups = 0;
    let finish: (value: Caller | null) => void = () => {};
    const lookup = () => {
      lookups += 1;
      return new Promise<Caller | null>((resolve) => {
        finish = resolve;
      });
    };
    const first = cache.share('a', lookup);
    const second = cache.share('a', lookup);
    expect(lookups).toBe(1);
    finish(caller('a'));
    expect((await first)?.id).toBe(1);
    expect(await second).toBe(await first);
    // Done: the next request asks again (the caller cache, not this, remembers answers).
    void cache.share('a', lookup);
    expect(lookups).toBe(2);
  });

  it('never lets a request that came after a logout join a lookup from before it', () => {
    const cache = new CallerCache(5_000, 50_000, 0);
    let lookups = 0;
    const lookup = () => {
      lookups += 1;
      return new Promise<Caller | null>(() => {});
    };
    void cache.share('a', lookup);
    cache.forget('a');
    void cache.share('a', lookup);
    expect(lookups).toBe(2);
    cache.clear();
    void cache.share('a', lookup);
    expect(lookups).toBe(3);
  });

  it('forgets every token of one user, and no one else’s', () => {
    const cache = new CallerCache(60_000, 50_000, 0);
    cache.set(tok('a1'), caller('a1', 1), 100_000, 0, cache.generation);
    cache.set(tok('a2'), caller('a2', 1), 100_000, 0, cache.generation);
    cache.set(tok('b'), caller('b', 2), 100_000, 0, cache.generation);
    const seen = cache.generation;
    cache.forgetUser(1);
    expect(cache.get(tok('a1'), 1)).toBeUndefined();
    expect(cache.get(tok('a2'), 1)).toBeUndefined();
    expect(cache.get(tok('b'), 1)?.id).toBe(2);
    // A lookup that began before is not remembered.
    cache.set(tok('a1'), caller('a1', 1), 100_000, 0, seen);
    expect(cache.get(tok('a1'), 1)).toBeUndefined();
  });

  it('while suspended trusts nothing, remembers nothing, and forgets what it had', () => {
    const cache = new CallerCache(60_000, 50_000, 0);
    cache.set(tok('a'), caller('a'), 100_000, 0, cache.generation);
    cache.suspend();
    expect(cache.trusting).toBe(false);
    expect(cache.get(tok('a'), 1)).toBeUndefined();
    cache.set(tok('b'), caller('b'), 100_000, 0, cache.generation);
    expect(cache.get(tok('b'), 1)).toBeUndefined();
    cache.resume();
    expect(cache.trusting).toBe(true);
    expect(cache.get(tok('a'), 1)).toBeUndefined();
    cache.set(tok('b'), caller('b'), 100_000, 0, cache.generation);
    expect(cache.get(tok('b'), 1)?.id).toBe(1);
  });

  it('spreads the ends of entries made at the same moment over the last part of the time to live', () => {
    const cache = new CallerCache(60_000);
    for (let i = 0; i < 200; i++)
      cache.set(tok(`t${i}`), caller(`t${i}`), 1e9, 0, cache.generation);
    const alive = (at: number) =>
      Array.from({ length: 200 }, (_, i) => cache.get(tok(`t${i}`), at)).filter(Boolean).length;
    // Nothing ends before three quarters of the time, and not everything at once after it.
    expect(alive(44_999)).toBe(200);
    const later = alive(52_500);
    expect(later).toBeGreaterThan(0);
    expect(later).toBeLessThan(200);
    expect(alive(60_000)).toBe(0);
  });
});
