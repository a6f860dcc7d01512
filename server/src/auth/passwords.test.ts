import * as argon2 from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

// Count the real verifications (spied, not replaced: they still run).
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

/** The cost parameters of an argon2 hash string ($argon2id$v=19$m=…,t=…,p=…$…). */
const costOf = (hash: string) => hash.split('$').slice(1, 4).join('$');

describe('verifyPassword', () => {
  it('checks a real hash: right and wrong passwords', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'wrong')).toBe(false);
  });

  it('spends one full-cost verification on an unknown username, as on a known one', async () => {
    const verify = vi.mocked(argon2.verify);
    const stored = await hashPassword('a real password');
    verify.mockClear();
    expect(await verifyPassword(stored, 'guess')).toBe(false);
    expect(verify).toHaveBeenCalledTimes(1);
    const knownCost = costOf(String(verify.mock.calls[0]?.[0]));

    verify.mockClear();
    expect(await verifyPassword(undefined, 'guess')).toBe(false);
    // Without the decoy there would be no verification at all, and an unknown username would
    // answer measurably sooner.
    expect(verify).toHaveBeenCalledTimes(1);
    expect(costOf(String(verify.mock.calls[0]?.[0]))).toBe(knownCost);
    expect(knownCost).toBe('argon2id$v=19$m=19456,t=2,p=1');
  });

  it('never accepts anything for an unknown username', async () => {
    expect(await verifyPassword(undefined, '')).toBe(false);
    expect(await verifyPassword(undefined, 'decoy-0.5')).toBe(false);
  });
});
