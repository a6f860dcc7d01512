import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { readStoredUser, readToken } from '../api/session';
import { createStore } from '../lib/store';

/**
 * Keeps the answers a student needs offline (queries marked `meta: { offline: true }`) and
 * their unsent changes (paused mutations) in localStorage, so the app shows the last-loaded
 * schedule, assignments, results, notifications and cards with no network, even after a
 * restart. Cleared on logout.
 *
 * It belongs to one session: a change is kept only while someone is signed in, and only for
 * the session it was made in. The server may end a session at any moment (the live stream's
 * 'ended', a refused call), and the app forgets it a little later (shared/forget-session.ts);
 * a write scheduled before then, or a change made after (the login screen's branding), must
 * not bring the store back for nobody, or hand one student's answers to the next.
 */
const KEY = 'academy-offline-cache';
const WRITE_DELAY_MS = 1_000;

/** Bump when the shape of cached answers changes, so old caches are dropped. */
export const OFFLINE_CACHE_VERSION = '1';
export const OFFLINE_CACHE_MAX_AGE_MS = 14 * 24 * 60 * 60_000;

/** The latest state to write, and the session (its token) it was made in. */
let pending: { client: PersistedClient; token: string } | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

function write() {
  timer = undefined;
  const due = pending;
  pending = undefined;
  // The session it was made in has ended since (signed out, or another signed in): dropped.
  if (!due || readToken() !== due.token) return;
  try {
    localStorage.setItem(KEY, JSON.stringify(due.client));
  } catch {
    // Storage full or blocked: the app still works online; offline it shows less.
  }
}

export const offlinePersister: Persister = {
  // Cache changes come in bursts (polling): write at most once a second.
  persistClient: (client) => {
    const token = readToken();
    if (!token) {
      pending = undefined;
      return;
    }
    pending = { client, token };
    timer ??= setTimeout(write, WRITE_DELAY_MS);
  },
  restoreClient: () => {
    // Kept for nobody (an ended session's, from a build that wrote after the end): not shown.
    if (!readToken()) {
      offlinePersister.removeClient();
      return undefined;
    }
    try {
      const raw = localStorage.getItem(KEY);
      return raw ? (JSON.parse(raw) as PersistedClient) : undefined;
    } catch {
      return undefined;
    }
  },
  removeClient: () => {
    pending = undefined;
    if (timer) clearTimeout(timer);
    timer = undefined;
    localStorage.removeItem(KEY);
  },
};

/**
 * Whether the signed-in user's teaching day and its rolls are kept on this device (issue 49,
 * point 1): a teacher's are, so a phone opened with no signal lists today's classes and takes
 * their rolls; an administrator's (every class's) are not, like every other staff answer.
 */
export const keepsTeachingDay = (): boolean => readStoredUser()?.role === 'teacher';

const restored = createStore(false);

/**
 * Marks the offline store as read back into the query cache (or as unreadable): until then a
 * screen opened offline may yet get its last answer from it, so it shows its loading state
 * rather than saying nothing is kept.
 */
export function markOfflineStoreRestored(): void {
  restored.set(true);
}

export const isOfflineStoreRestored = restored.get;

export const subscribeToOfflineStoreRestored = restored.subscribe;

/** Writes a pending change now (before the page unloads). */
export function flushOfflineCache(): void {
  if (timer) clearTimeout(timer);
  write();
}
