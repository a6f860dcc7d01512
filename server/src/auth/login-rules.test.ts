import { describe, expect, it } from 'vitest';
import {
  addressKey,
  delayAfter,
  delaySteps,
  describeWait,
  type GrowingDelay,
  LOGIN_RULES,
} from './login-rules.js';

const delay: GrowingDelay = { freeFailures: 30, firstMs: 1000, maxMs: 60_000 };

describe('delayAfter', () => {
  it('is nothing for the free failures, then doubles from the first delay up to the cap', () => {
    expect([0, 1, 29, 30].map((n) => delayAfter(delay, n))).toEqual([0, 0, 0, 0]);
    expect([31, 32, 33, 34, 35, 36, 37, 38].map((n) => delayAfter(delay, n))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000,
    ]);
  });

  it('stays at the cap however long the run of failures, never Infinity', () => {
    expect(delayAfter(delay, 5000)).toBe(60_000);
    expect(delayAfter(delay, Number.MAX_SAFE_INTEGER)).toBe(60_000);
  });

  it('is nothing for a rule without a delay', () => {
    expect(delayAfter(null, 1000)).toBe(0);
  });
});

describe('delaySteps', () => {
  it('says the same rule as delayAfter, step by step up to the cap', () => {
    const steps = delaySteps(delay);
    expect(steps).toEqual([
      { failures: 0, ms: 0 },
      { failures: 31, ms: 1000 },
      { failures: 32, ms: 2000 },
      { failures: 33, ms: 4000 },
      { failures: 34, ms: 8000 },
      { failures: 35, ms: 16_000 },
      { failures: 36, ms: 32_000 },
      { failures: 37, ms: 60_000 },
    ]);
    // Read as "from `failures` on", the steps give delayAfter for every count.
    for (let n = 0; n < 100; n++) {
      const step = steps.filter((s) => s.failures <= n).at(-1);
      expect(step?.ms, `after ${n} failures`).toBe(delayAfter(delay, n));
    }
  });
});

describe('the rules', () => {
  it('lock a username at one address after 5 failures in 15 minutes, a username anywhere after 100 in an hour, and never an address', () => {
    expect(LOGIN_RULES.map((r) => [r.scope, r.maxFailures, r.windowMs / 60_000])).toEqual([
      ['pair', 5, 15],
      ['username', 100, 60],
      ['address', null, 15],
    ]);
    expect(LOGIN_RULES.find((r) => r.scope === 'address')?.delay).toEqual(delay);
  });
});

describe('describeWait', () => {
  it.each([
    [1, '1 second'],
    [1000, '1 second'],
    [1001, '2 seconds'],
    [59_000, '59 seconds'],
    [60_000, '1 minute'],
    [60_001, '2 minutes'],
    [15 * 60_000, '15 minutes'],
    [60 * 60_000, '60 minutes'],
  ])('%i ms reads "%s"', (ms, words) => {
    expect(describeWait(ms)).toBe(words);
  });
});

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:10.0.0.1', '10.0.0.1'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3::/64'],
    ['2001:0DB8:85a3:08d3::1', '2001:db8:85a3:8d3::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
    ['', ''],
  ])('%s counts as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it('puts every address of one /64 under one key, and the next /64 under another', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
  });
});
