import { hash, randomBytes } from 'node:crypto';
import { TOKEN_TTL_MS } from '@academy/contract/constants';
import type { Db } from '../db/index.js';
import type { Live } from '../live/live.js';
import { type Caller, isAdminRole, isTeacherRole } from './caller.js';
import type { CallerCache } from './caller-cache.js';

/** Tokens are 32 random bytes; the database only ever sees their SHA-256. */
export function hashToken(token: string): string {
  // The one-shot hash: every request hashes its token, and a Hash object per request cost
  // more than twice as much.
  return hash('sha256', token, 'hex');
}

/** Issues a new bearer token for a user, valid for 30 days from now (absolute). */
export async function issueToken(db: Db, userId: number, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('auth_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: now + TOKEN_TTL_MS,
      revoked_at: null,
    })
    .execute();
  return token;
}

/**
 * The caller a token belongs to, or null if it is unknown, expired, revoked, or its user is
 * inactive. A token this instance looked up recently is answered from the cache at once,
 * without a promise (most requests are polls from browsers it has just seen); otherwise the
 * database is asked, once for all the requests that carry the token meanwhile.
 */
export function findCaller(
  db: Db,
  token: string,
  now: number,
  cache?: CallerCache,
): Caller | Promise<Caller | null> {
  if (!cache) return lookUpCaller(db, hashToken(token), now).then((found) => found?.caller ?? null);
  return (
    cache.get(token, now) ??
    cache.share(token, () => {
      const generation = cache.generation;
      return lookUpCaller(db, hashToken(token), now).then((found) => {
        if (found) cache.set(token, found.caller, found.expiresAt, now, generation);
        return found?.caller ?? null;
      });
    })
  );
}

async function lookUpCaller(db: Db, tokenHash: string, now: number) {
  const row = await db
    .selectFrom('auth_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.id', 'u.name', 'u.username', 'u.role_id', 't.expires_at'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', now)
    .where('u.is_active', '=', 1)
    .executeTakeFirst();
  if (!row) return null;
  const caller: Caller = {
    id: row.id,
    name: row.name,
    username: row.username,
    roleId: row.role_id,
    isAdmin: isAdminRole(row.role_id),
    isTeacher: isTeacherRole(row.role_id),
    tokenHash,
    tokenExpiresAt: row.expires_at,
  };
  return { caller, expiresAt: row.expires_at };
}

/** What ending sessions needs: the database, and where ended sessions are told (live/live.ts). */
interface SessionDeps {
  db: Db;
  now: () => number;
  live: Pick<Live, 'endSessions'>;
}

/** Ends one session (logout): every instance forgets the token and closes its streams. */
export async function endSession(deps: SessionDeps, tokenHash: string): Promise<void> {
  const at = deps.now();
  await deps.live.endSessions({ tokenHash }, (db) =>
    db
      .updateTable('auth_tokens')
      .set({ revoked_at: at })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute(),
  );
}

/**
 * Ends every session of a user (a password change, reset or deactivation), except the one
 * with `keepTokenHash` when the user changed their own password from it. Every instance
 * forgets the user's tokens (the kept one is looked up again) and closes their streams.
 */
export async function endUserSessions(
  deps: SessionDeps,
  userId: number,
  keepTokenHash?: string,
): Promise<void> {
  const at = deps.now();
  const end = keepTokenHash ? { userId, keepTokenHash } : { userId };
  await deps.live.endSessions(end, (db) => {
    let query = db
      .updateTable('auth_tokens')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash);
    return query.execute();
  });
}

/** Reads `Authorization: Bearer <token>`; anything else counts as no token. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/.exec(header);
  return match?.[1];
}
