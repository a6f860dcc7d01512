import { useSyncExternalStore } from 'react';

/**
 * What this device remembers about push, for whoever uses it (localStorage): whether its
 * person did something that makes the offer to turn push on worth making, whether they said
 * "Not now", and which subscription was saved for whom.
 */

const EARNED = 'academy-push-earned';
const NOT_NOW = 'academy-push-not-now';
const SAVED = 'academy-push-saved';

const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage full or refused (private browsing): the offer is made again next time.
  }
  changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * Something meaningful happened (a notification read, work handed in): from now on the student's
 * home may offer push. Never on a first load, when nothing says yet that notifications matter.
 */
export const markPushEarned = () => {
  if (read(EARNED) !== '1') write(EARNED, '1');
};

/** "Not now": the offer is not made again on this device (the device card still turns it on). */
export const sayNotNow = () => write(NOT_NOW, '1');

export function usePushOffer(): { earned: boolean; notNow: boolean } {
  const earned = useSyncExternalStore(subscribe, () => read(EARNED) === '1');
  const notNow = useSyncExternalStore(subscribe, () => read(NOT_NOW) === '1');
  return { earned, notNow };
}

/** The subscription this device saved, and for whom (a shared device may change hands). */
export interface SavedSubscription {
  endpoint: string;
  userId: number;
}

export function readSaved(): SavedSubscription | null {
  try {
    const saved = JSON.parse(read(SAVED) ?? 'null') as Partial<SavedSubscription> | null;
    return typeof saved?.endpoint === 'string' && typeof saved.userId === 'number'
      ? { endpoint: saved.endpoint, userId: saved.userId }
      : null;
  } catch {
    return null;
  }
}

export const writeSaved = (saved: SavedSubscription | null) =>
  write(SAVED, saved ? JSON.stringify(saved) : null);
