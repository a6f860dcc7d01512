import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id parameters: 19 MiB memory, 2 passes, 1 lane. */
export const PRODUCTION_HASH_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
let options: { algorithm: 2; memoryCost: number; timeCost: number; parallelism: number } = {
  algorithm: 2,
  ...PRODUCTION_HASH_COST,
};

/**
 * Hashes at argon2's lowest cost from now on, in this test process only: a test that makes
 * users is not about hashing, and at the production cost its hashes and logins were a large
 * share of the integration suite's time (bench/README.md, "Where CI's time goes"). Only the
 * integration suite's setup file calls it (test-support/test-hash-cost.ts); passwords.test.ts
 * keeps the production cost and checks its parameters. A verification reads the cost from
 * the stored hash, so hashes made at either cost verify alike.
 */
export function hashAtTestCost(): void {
  if (!process.env.VITEST) throw new Error('The test hash cost is for test runs only');
  options = { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 };
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** A hash of nothing anyone knows, verified against when the username does not exist. */
let decoyHash: Promise<string> | undefined;

/**
 * Checks a password. With no stored hash (unknown username) it still spends the same time
 * on a decoy, so response times do not tell which usernames exist.
 */
export async function verifyPassword(
  stored: string | undefined,
  password: string,
): Promise<boolean> {
  if (stored === undefined) {
    decoyHash ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
