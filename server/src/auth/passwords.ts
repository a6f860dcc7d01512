import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id parameters: 19 MiB memory, 2 passes, 1 lane. */
// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const options = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

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
