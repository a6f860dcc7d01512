import { randomBytes } from 'node:crypto';
import { PASSWORD_LINK_MINUTES } from '@academy/contract/constants';
import { sql } from 'kysely';
import { hashToken } from '../../auth/tokens.js';
import type { Db } from '../../db/index.js';

/**
 * "Forgot password?" links (issue 31, point 3; table password_resets, migration 0037). A link
 * carries 32 random bytes; only their SHA-256 is kept. It works for PASSWORD_LINK_MINUTES,
 * once; using one makes every other link of the person's void.
 */

const LINK_MS = PASSWORD_LINK_MINUTES * 60_000;
/** Used and lapsed links are kept this long, so a link opened again says why it stopped. */
const KEEP_MS = 7 * 86_400_000;

/** Where a link's screen is, under the academy's address: `/reset-password/<token>`. */
export const passwordLinkPath = (token: string) => `/reset-password/${token}`;

export interface LinkAccount {
  id: number;
  name: string;
  username: string;
  email: string;
}

/**
 * The active account a person means by what they typed: the one with that username, else the
 * one with that e-mail (both matched ignoring case and surrounding spaces, as login does).
 */
export async function findAccountByLogin(db: Db, login: string): Promise<LinkAccount | undefined> {
  const typed = login.trim().toLowerCase();
  const byColumn = (column: 'username' | 'email') =>
    db
      .selectFrom('users')
      .select(['id', 'name', 'username', 'email'])
      .where(sql<string>`lower(${sql.ref(column)})`, '=', typed)
      .where('is_active', '=', 1)
      .executeTakeFirst();
  return (await byColumn('username')) ?? (typed.includes('@') ? byColumn('email') : undefined);
}

/** Makes a link for the account: its token, shown only in the e-mail. */
export async function issuePasswordLink(db: Db, userId: number, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('password_resets')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: now + LINK_MS,
      used_at: null,
    })
    .execute();
  // Rows only grow with requests, so this is where old ones go (no timer needed).
  await db
    .deleteFrom('password_resets')
    .where('created_at', '<', now - KEEP_MS)
    .execute();
  return token;
}

/** What a link is now: working (with its account), or why not. */
export type LinkState =
  | { state: 'valid'; userId: number; username: string; expiresAt: number }
  | { state: 'unknown' | 'used' | 'expired' };

/** A link as it stands, without using it. */
export async function passwordLinkState(db: Db, token: string, now: number): Promise<LinkState> {
  const row = await db
    .selectFrom('password_resets as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.user_id', 'r.expires_at', 'r.used_at', 'u.username', 'u.is_active'])
    .where('r.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  // A deactivated account's link is not one: it sets no password.
  if (row?.is_active !== 1) return { state: 'unknown' };
  if (row.used_at !== null) return { state: 'used' };
  if (Number(row.expires_at) <= now) return { state: 'expired' };
  return {
    state: 'valid',
    userId: row.user_id,
    username: row.username,
    expiresAt: Number(row.expires_at),
  };
}

/**
 * Uses a link: marks it used, and every other link of the person's void, in one transaction,
 * claiming it in one conditional statement so that two uses at once cannot both pass. The link's
 * state before (its account when it was valid and is now used up).
 */
export async function usePasswordLink(db: Db, token: string, now: number): Promise<LinkState> {
  return db.transaction().execute(async (trx) => {
    const before = await passwordLinkState(trx, token, now);
    if (before.state !== 'valid') return before;
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) return { state: 'used' };
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', before.userId)
      .where('used_at', 'is', null)
      .execute();
    return before;
  });
}
