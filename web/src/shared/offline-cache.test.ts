import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, type StoredUser, storeLogin } from '../api/session';
import { memoryStorage } from '../test-support/memory-storage';
import { flushOfflineCache, offlinePersister } from './offline-cache';

const KEY = 'academy-offline-cache';

/** What the query client hands the persister: a kept answer of the signed-in student. */
function kept(data: string): PersistedClient {
  const client = new QueryClient();
  client.setQueryData(['schedule'], data);
  return { timestamp: 0, buster: '1', clientState: dehydrate(client) };
}

const student = (id: number, token: string): StoredUser => ({
  id,
  name: `Student ${id}`,
  username: `s${id}`,
  role: 'user',
  gender: 'female',
  token,
});

describe('the offline store keeps only a session that is still signed in', () => {
  let storage: Storage;
  beforeEach(() => {
    vi.useFakeTimers();
    storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('location', { protocol: 'https:' });
    vi.stubGlobal('document', { cookie: '' });
  });
  afterEach(() => {
    offlinePersister.removeClient();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('writes what the signed-in student keeps, a second after the change', async () => {
    storeLogin(student(7, 'token-a'));
    const state = kept('session 1');
    await offlinePersister.persistClient(state);
    expect(storage.getItem(KEY)).toBeNull();
    vi.advanceTimersByTime(1_000);
    expect(JSON.parse(storage.getItem(KEY) ?? 'null')).toEqual(state);
  });

  it('drops a write scheduled before the server ended the session: it does not land after', async () => {
    storeLogin(student(7, 'token-a'));
    await offlinePersister.persistClient(kept('session 1'));
    // The stream's 'ended', before the app has heard it and forgotten the rest.
    endSession();
    vi.advanceTimersByTime(1_000);
    expect(storage.getItem(KEY)).toBeNull();
    // Nor when the page is left (pagehide writes what is pending).
    flushOfflineCache();
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('keeps nothing while no one is signed in (the login screen’s branding after a session ended)', async () => {
    await offlinePersister.persistClient(kept('the login screen'));
    vi.advanceTimersByTime(1_000);
    flushOfflineCache();
    expect(storage.getItem(KEY)).toBeNull();
  });

  it("never writes one student's answers into the next one's session", async () => {
    storeLogin(student(7, 'token-a'));
    await offlinePersister.persistClient(kept('theirs'));
    endSession();
    storeLogin(student(8, 'token-b'));
    vi.advanceTimersByTime(1_000);
    expect(storage.getItem(KEY)).toBeNull();
    // The new student's own changes are kept.
    const mine = kept('mine');
    await offlinePersister.persistClient(mine);
    vi.advanceTimersByTime(1_000);
    expect(JSON.parse(storage.getItem(KEY) ?? 'null')).toEqual(mine);
  });

  it('restores nothing kept for nobody, and lets it go', async () => {
    storage.setItem(KEY, JSON.stringify(kept('an ended session')));
    expect(await offlinePersister.restoreClient()).toBeUndefined();
    expect(storage.getItem(KEY)).toBeNull();
    storeLogin(student(7, 'token-a'));
    const mine = kept('mine');
    storage.setItem(KEY, JSON.stringify(mine));
    expect(await offlinePersister.restoreClient()).toEqual(JSON.parse(JSON.stringify(mine)));
  });
});
