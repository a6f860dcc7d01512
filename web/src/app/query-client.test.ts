import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_CACHE_MAX_AGE_MS } from './offline-cache';
import { createQueryClient } from './query-client';

const DAY = 24 * 60 * 60_000;

/** What the offline store hands back after a restart: one offline answer and one ordinary one. */
function restoredState() {
  const before = new QueryClient();
  const cache = before.getQueryCache();
  cache.build(before, { queryKey: ['schedule'], meta: { offline: true } }).setData(['session 1']);
  cache.build(before, { queryKey: ['users'] }).setData(['someone']);
  return dehydrate(before);
}

describe('the query client keeps offline answers as long as the offline store does', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives offline queries a gcTime of at least the offline store's max age, and others a day", () => {
    const client = createQueryClient();
    const offline = client.getQueryCache().build(client, {
      queryKey: ['cards'],
      meta: { offline: true },
    });
    const ordinary = client.getQueryCache().build(client, { queryKey: ['inbox'] });
    expect(offline.gcTime).toBeGreaterThanOrEqual(OFFLINE_CACHE_MAX_AGE_MS);
    expect(ordinary.gcTime).toBe(DAY);
  });

  it("keeps a restored offline answer nobody looks at for the offline store's max age, not just a day", () => {
    const client = createQueryClient();
    hydrate(client, restoredState());
    const find = (key: string) => client.getQueryCache().find({ queryKey: [key] });
    expect(find('schedule')?.state.data).toEqual(['session 1']);

    vi.advanceTimersByTime(DAY + 1);
    expect(find('users')).toBeUndefined();
    expect(find('schedule')?.state.data).toEqual(['session 1']);

    vi.advanceTimersByTime(OFFLINE_CACHE_MAX_AGE_MS);
    expect(find('schedule')).toBeUndefined();
  });
});
