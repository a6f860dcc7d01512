import {
  dehydrate,
  hydrate,
  MutationObserver,
  type MutationObserverOptions,
  type MutationObserverResult,
  onlineManager,
  QueryClient,
} from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { cardAnswers } from '../features/flashcards/answer-card';

const ANSWER_MUTATION_KEY = cardAnswers.key;

import { OFFLINE_CACHE_MAX_AGE_MS } from '../shared/offline-cache';
import { offlineDehydrateOptions, resumableAfterRestart } from './offline-persistence';
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

describe('changes made while the browser is offline', () => {
  beforeEach(() => {
    onlineManager.setOnline(false);
  });
  afterEach(() => {
    onlineManager.setOnline(true);
  });

  /**
   * Runs a change through the client as a screen's useMutation would; resolves with its
   * result once it settles or pauses, whichever it does (no timer decides which).
   */
  function change(
    client: QueryClient,
    options: MutationObserverOptions<unknown, Error, unknown>,
  ): Promise<MutationObserverResult<unknown, Error, unknown>> {
    const observer = new MutationObserver(client, options);
    const outcome = new Promise<MutationObserverResult<unknown, Error, unknown>>((resolve) => {
      const stop = observer.subscribe((result) => {
        if (!result.isPaused && result.status === 'pending') return;
        stop();
        resolve(result);
      });
    });
    void observer.mutate(undefined).catch(() => undefined);
    return outcome;
  }

  it('fail at once with a network error instead of waiting, and are not kept for later', async () => {
    const client = createQueryClient();
    const send = vi.fn(() => Promise.reject(new ApiError(0, undefined)));
    const upload = await change(client, { mutationFn: send });
    expect(send).toHaveBeenCalledOnce();
    expect(upload.isPaused).toBe(false);
    expect(upload.status).toBe('error');
    expect((upload.error as ApiError).isNetworkError).toBe(true);
    expect(dehydrate(client, offlineDehydrateOptions).mutations).toEqual([]);
  });

  it('except flashcard answers, which wait for the network and are the only changes kept offline', async () => {
    const client = createQueryClient();
    const answer = await change(client, {
      mutationKey: ANSWER_MUTATION_KEY,
      mutationFn: vi.fn(),
    });
    expect(answer.isPaused).toBe(true);
    // Another change that somehow waits (an older build's, say) is still not kept.
    const other = await change(client, { mutationFn: vi.fn(), networkMode: 'online' });
    expect(other.isPaused).toBe(true);

    const kept = dehydrate(client, offlineDehydrateOptions).mutations;
    expect(kept.map((m) => m.mutationKey)).toEqual([ANSWER_MUTATION_KEY]);
  });
});

describe('a flashcard answer sent on a connection that drops while the browser says online', () => {
  it('is kept while it waits to retry, and sent after a restart', async () => {
    onlineManager.setOnline(true);
    const before = createQueryClient();
    const lost = vi.fn(() => Promise.reject(new ApiError(0, undefined)));
    const observer = new MutationObserver<unknown, Error, { cardId: number }>(before, {
      mutationKey: ANSWER_MUTATION_KEY,
      mutationFn: lost,
    });
    void observer.mutate({ cardId: 7 }).catch(() => undefined);
    await vi.waitFor(() => expect(lost).toHaveBeenCalledOnce());
    // Waiting out its retry delay: pending, and not paused.
    expect(observer.getCurrentResult().status).toBe('pending');
    expect(observer.getCurrentResult().isPaused).toBe(false);

    const stored = resumableAfterRestart(dehydrate(before, offlineDehydrateOptions));
    expect(stored.mutations.map((m) => m.state.variables)).toEqual([{ cardId: 7 }]);
    before.clear();

    const after = createQueryClient();
    const sent = vi.fn((_answer: unknown, _context: unknown) =>
      Promise.resolve({ message: 'Card updated.' }),
    );
    after.setMutationDefaults(ANSWER_MUTATION_KEY, { mutationFn: sent });
    hydrate(after, stored);
    await after.resumePausedMutations();
    expect(sent).toHaveBeenCalledOnce();
    expect(sent.mock.calls[0]).toEqual([{ cardId: 7 }, expect.anything()]);
  });
});
