import { clearLoginAttempts } from '../../auth/throttle.js';
import { endUserSessions } from '../../auth/tokens.js';
import { removeStoredBytes } from '../../files/files-data.js';
import type { AppDeps } from '../../http/call.js';
import {
  deleteUserAndWork,
  setActive,
  setPassword,
  type UserChanges,
  updateUserDetails,
} from './users-data.js';

/**
 * The writes to an account that take more than one step, each one function that takes every
 * step itself: the sessions it ends, the failed logins it forgets, the stored files it
 * removes. A handler checks who may do what and says so; it never has to remember a second
 * step (docs/decisions.md, "Issue 28, point 5"). Each is tested step by step in
 * user-commands.int.test.ts.
 */

/** What the commands use: the database, the clock, the live streams and the stored files. */
type CommandDeps = Pick<AppDeps, 'db' | 'now' | 'live' | 'storage'>;

/** The account a command acts on, as the handler found it. */
interface Account {
  id: number;
  username: string;
}

/**
 * Deletes an account with its personal work and stored files (users-data.ts
 * deleteUserAndWork). It is deactivated and its sessions ended first (their streams hear
 * 'ended'), so nothing of theirs is admitted while it goes; a later account with the same
 * username starts without this one's failed logins. False when there was no such account.
 */
export async function deleteUser(deps: CommandDeps, user: Account): Promise<boolean> {
  const { db, now, storage } = deps;
  await setActive(db, user.id, false, now());
  await endUserSessions(deps, user.id);
  const deleted = await deleteUserAndWork(db, user.id);
  if (!deleted) return false;
  await clearLoginAttempts(db, user.username);
  await removeStoredBytes(storage, deleted.storageKeys);
  return true;
}

/**
 * An administrator sets someone's password: every session of theirs ends, and the failed
 * logins that may have locked them out are forgotten.
 */
export async function resetPassword(
  deps: CommandDeps,
  user: Account,
  password: string,
): Promise<void> {
  await setPassword(deps.db, user.id, password, deps.now());
  await endUserSessions(deps, user.id);
  await clearLoginAttempts(deps.db, user.username);
}

/** A user changes their own password: their other sessions end, the one they used stays. */
export async function changeOwnPassword(
  deps: CommandDeps,
  caller: { id: number; tokenHash: string },
  password: string,
): Promise<void> {
  await setPassword(deps.db, caller.id, password, deps.now());
  await endUserSessions(deps, caller.id, caller.tokenHash);
}

/**
 * Whether a user may log in. Deactivating ends every session of theirs; reactivating brings
 * none back (the caller cache has nothing of them to forget).
 */
export async function setUserActive(
  deps: CommandDeps,
  userId: number,
  active: boolean,
): Promise<void> {
  await setActive(deps.db, userId, active, deps.now());
  if (!active) await endUserSessions(deps, userId);
}

/**
 * Saves a user's name, e-mail, gender and role (EmailTakenError as updateUserDetails). A
 * changed role ends their sessions, so it applies at once. Whether the role changed.
 */
export async function saveUserDetails(
  deps: CommandDeps,
  user: { id: number; role_id: number },
  changes: UserChanges,
): Promise<boolean> {
  await updateUserDetails(deps.db, user.id, changes, deps.now());
  if (changes.roleId === user.role_id) return false;
  await endUserSessions(deps, user.id);
  return true;
}
