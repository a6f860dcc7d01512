import type { QueryClient } from '@tanstack/react-query';
import { clearLogin, readStoredUser, readToken } from '../api/session';
import { clearCachedPersonalAnswers } from '../pwa/offline-data';
import { offlinePersister } from './offline-cache';

/**
 * Forgets everything of the signed-in user on this device, so the next person on a shared
 * phone sees none of it: the stored user (and the home's greeting), every answer in the query
 * cache, the offline store and the worker's cached API answers and pages. Logout calls it, and so does the app when the server
 * ends the session (a 401). With the stored login gone first, nothing is written to the
 * offline store again for this session (shared/offline-cache.ts keeps only a signed-in one's).
 */
export async function forgetSession(queryClient: QueryClient): Promise<void> {
  clearLogin();
  queryClient.clear();
  await offlinePersister.removeClient();
  await clearCachedPersonalAnswers().catch(() => undefined);
}

/**
 * At the app's start, with nobody signed in: forgets what a forget cut short left behind.
 * The server ending a session reaches a page as it is left (the live stream's 'ended' while
 * the user moves on), and a page unloads without waiting for the worker's caches to be
 * deleted; the next page, finding no stored login, goes to the login screen without a call
 * that would be refused, so nothing else would forget them. Nobody's answers are kept.
 */
export async function forgetLeftovers(): Promise<void> {
  if (readToken()) return;
  await offlinePersister.removeClient();
  await clearCachedPersonalAnswers().catch(() => undefined);
}

/**
 * Just before a sign-in is stored: unless the same user signs in again, forgets what the
 * device still keeps of anyone (issue 49, point 1: a teacher's kept day and rolls, a student's
 * answers), should a logout or an ended session not have finished forgetting them. The one
 * signing in then keeps only their own.
 */
export async function forgetBeforeSignIn(userId: number): Promise<void> {
  if (readStoredUser()?.id === userId) return;
  await offlinePersister.removeClient();
  await clearCachedPersonalAnswers().catch(() => undefined);
}
