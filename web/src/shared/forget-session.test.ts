import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../test-support/memory-storage';
import { forgetBeforeSignIn, forgetLeftovers, forgetSession } from './forget-session';

/** The worker's caches: the app shell's and the API answers'. */
function workerCaches(names: string[]) {
  const kept = new Set(names);
  return {
    kept,
    keys: async () => [...kept],
    delete: async (name: string) => kept.delete(name),
  };
}

describe('forgetSession: what logout and a session the server ended both forget', () => {
  let storage: Storage;
  let caches: ReturnType<typeof workerCaches>;

  beforeEach(() => {
    storage = memoryStorage();
    caches = workerCaches(['academy-shell-v2.2', 'academy-api-v2.2', 'academy-pages-v2.2']);
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('caches', caches);
    vi.stubGlobal('window', { caches });
    vi.stubGlobal('location', { protocol: 'https:' });
    vi.stubGlobal('document', { cookie: 'academy-greeting=Sara' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("forgets the stored user and greeting, the query cache, the offline store and the worker's API answers and pages", async () => {
    storage.setItem('user', JSON.stringify({ id: 7, token: 'secret' }));
    storage.setItem('admin_token', 'secret');
    storage.setItem('academy-offline-cache', '{"clientState":{}}');
    // Not the user's: the splash and the emoji picker's preferences stay.
    storage.setItem('epr_suggested', '[]');
    const queryClient = new QueryClient();
    queryClient.setQueryData(['schedule', 7], ['session 1']);

    await forgetSession(queryClient);

    expect(storage.getItem('user')).toBeNull();
    expect(storage.getItem('admin_token')).toBeNull();
    expect(storage.getItem('academy-offline-cache')).toBeNull();
    expect(storage.getItem('epr_suggested')).toBe('[]');
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect([...caches.kept]).toEqual(['academy-shell-v2.2']);
    // The browser drops a cookie written again with no value and no age.
    expect(document.cookie).toBe(
      'academy-greeting=; Path=/user; SameSite=Strict; Max-Age=0; Secure',
    );
  });

  it('still forgets the rest when the worker’s caches cannot be read', async () => {
    storage.setItem('user', JSON.stringify({ id: 7, token: 'secret' }));
    vi.stubGlobal('caches', {
      keys: () => Promise.reject(new Error('SecurityError')),
      delete: async () => false,
    });
    vi.stubGlobal('window', { caches: {} });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['schedule', 7], ['session 1']);

    await forgetSession(queryClient);

    expect(storage.getItem('user')).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it("at a start with nobody signed in, forgets the worker's answers and the offline store a forget cut short left", async () => {
    storage.setItem('academy-offline-cache', '{"clientState":{}}');

    await forgetLeftovers();

    expect(storage.getItem('academy-offline-cache')).toBeNull();
    expect([...caches.kept]).toEqual(['academy-shell-v2.2']);
  });

  it('at a start with someone signed in, keeps what they see offline', async () => {
    storage.setItem('user', JSON.stringify({ id: 7, token: 'secret' }));
    storage.setItem('admin_token', 'secret');
    storage.setItem('academy-offline-cache', '{"clientState":{}}');

    await forgetLeftovers();

    expect(storage.getItem('academy-offline-cache')).toBe('{"clientState":{}}');
    expect([...caches.kept]).toEqual([
      'academy-shell-v2.2',
      'academy-api-v2.2',
      'academy-pages-v2.2',
    ]);
  });

  it("at another user's sign-in, forgets what the device kept of anyone (a teacher's day and rolls)", async () => {
    // A teacher's kept day, left by a forget cut short, while someone else signs in.
    storage.setItem('user', JSON.stringify({ id: 7, token: 'secret', role: 'teacher' }));
    storage.setItem('academy-offline-cache', '{"clientState":{"queries":["teaching-day"]}}');

    await forgetBeforeSignIn(8);

    expect(storage.getItem('academy-offline-cache')).toBeNull();
    expect([...caches.kept]).toEqual(['academy-shell-v2.2']);
  });

  it('at a sign-in with nobody stored, forgets leftovers too; the same user again keeps theirs', async () => {
    storage.setItem('academy-offline-cache', '{"clientState":{}}');
    await forgetBeforeSignIn(8);
    expect(storage.getItem('academy-offline-cache')).toBeNull();

    storage.setItem('user', JSON.stringify({ id: 8, token: 'secret', role: 'teacher' }));
    storage.setItem('academy-offline-cache', '{"clientState":{}}');
    caches.kept.add('academy-api-v2.2');
    await forgetBeforeSignIn(8);
    expect(storage.getItem('academy-offline-cache')).toBe('{"clientState":{}}');
    expect(caches.kept.has('academy-api-v2.2')).toBe(true);
  });
});
