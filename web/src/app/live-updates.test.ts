import type { LiveTopic } from '@academy/contract/live';
import {
  QueryClient,
  type QueryKey,
  QueryObserver,
  type QueryObserverResult,
} from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { live } from '../api/live';
import { queryKeys } from '../api/query-keys';
import { keepLiveUpdates, refresherFor } from './live-updates';

const KEY = ['flashcards', 1];

/** A query client with one flashcards query in the given state, and a count of its fetches. */
async function clientWith(outcome: 'success' | 'error' | 'pending') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let fetches = 0;
  // The pending query's first answer, given when the test says (answer()).
  let answer: (failed: boolean) => void = () => undefined;
  const queryFn = async () => {
    fetches += 1;
    if (outcome === 'error' && fetches === 1) throw new Error('refused');
    if (outcome === 'pending' && fetches === 1)
      return new Promise<{ cards: never[] }>((resolve, reject) => {
        answer = (failed) => (failed ? reject(new Error('refused')) : resolve({ cards: [] }));
      });
    return { cards: [] };
  };
  // An active observer, as a screen holds: invalidation refetches only active queries.
  const observer = new QueryObserver(client, { queryKey: KEY, queryFn });
  const unsubscribe = observer.subscribe(() => undefined);
  const query = () => {
    const found = client.getQueryCache().find({ queryKey: KEY });
    if (!found) throw new Error('the query is not in the cache');
    return found;
  };
  /** Settles once the query has been fetched `count` times and is no longer fetching. */
  const fetched = (count: number) =>
    until(observer, (result) => fetches === count && result.fetchStatus === 'idle');
  await (outcome === 'pending'
    ? until(observer, (result) => result.fetchStatus === 'fetching')
    : fetched(1));
  return {
    client,
    fetches: () => fetches,
    fetched,
    query,
    unsubscribe,
    answer: (failed: boolean) => answer(failed),
  };
}

/**
 * Settles when the observer's result meets `condition`: now, or at the update that brings
 * it. No timer: a slow machine takes longer, never another path.
 */
function until(
  observer: {
    getCurrentResult(): QueryObserverResult<unknown, Error>;
    subscribe(listener: (result: QueryObserverResult<unknown, Error>) => void): () => void;
  },
  condition: (result: QueryObserverResult<unknown, Error>) => boolean,
): Promise<void> {
  return new Promise((resolve) => {
    if (condition(observer.getCurrentResult())) return resolve();
    const stop = observer.subscribe((result) => {
      if (!condition(result)) return;
      stop();
      resolve();
    });
  });
}

describe('the stream opening for the first time', () => {
  it('refreshes a query answered before it opened: a change made meanwhile was not heard', async () => {
    const { fetched, client, unsubscribe } = await clientWith('success');
    refresherFor(client).opened(true);
    await fetched(2);
    unsubscribe();
  });

  for (const outcome of ['error', 'pending'] as const) {
    it(`leaves a query that failed or is in flight alone as it opens (${outcome})`, async () => {
      const { client, fetches, query, unsubscribe } = await clientWith(outcome);
      // A refresh would call the query's fetch at once, within opened().
      const fetch = vi.spyOn(query(), 'fetch');
      refresherFor(client).opened(true);
      expect(fetch).not.toHaveBeenCalled();
      expect(fetches()).toBe(1);
      unsubscribe();
    });
  }

  /** Settles at the first change of the query's state that `condition` accepts. */
  const once = (client: QueryClient, condition: () => boolean) =>
    new Promise<void>((resolve) => {
      const stop = client.getQueryCache().subscribe(() => {
        if (!condition()) return;
        stop();
        resolve();
      });
    });

  it('refreshes a query in flight as it opened once its answer comes, if the server read an answer before it listened', async () => {
    const { client, fetched, answer, unsubscribe } = await clientWith('pending');
    let unheard = 3;
    refresherFor(client, { unheardSoFar: () => unheard }).opened(true);
    // The answer's header said so (api/client.ts counts them).
    unheard += 1;
    answer(false);
    await fetched(2);
    unsubscribe();
  });

  for (const outcome of ['success', 'error'] as const) {
    it(`leaves a query in flight as it opened alone when ${outcome === 'error' ? 'its answer is a failure' : 'the server was listening as it read'}`, async () => {
      const { client, fetches, query, answer, unsubscribe } = await clientWith('pending');
      let unheard = 3;
      const refresher = refresherFor(client, { unheardSoFar: () => unheard });
      refresher.opened(true);
      if (outcome === 'error') unheard += 1;
      // This listener comes after the refresher's: a refresh would have begun by then.
      const settled = once(client, () => query().state.status === outcome);
      answer(outcome === 'error');
      await settled;
      expect(query().state.fetchStatus).toBe('idle');
      expect(fetches()).toBe(1);
      refresher.stop();
      unsubscribe();
    });
  }

  describe("with the server's recap of what changed before it opened", () => {
    // A recap written at 70 s by the server's clock, read 20 s after the page started: the
    // page started at 50 s, and changes from 49 s on (a second's margin) count.
    const sincePageStart = () => 20_000;
    const recap = (changedAt: Partial<Record<LiveTopic, number>>, knownSince = 10_000) => ({
      at: 70_000,
      knownSince,
      changedAt,
    });

    it('leaves a query answered before it opened alone when its topic did not change since the page started', async () => {
      const { client, fetches, query, unsubscribe } = await clientWith('success');
      const fetch = vi.spyOn(query(), 'fetch');
      // Cards changed before the page started (the margin before it included); notifications since.
      refresherFor(client, { sincePageStart }).opened(
        true,
        recap({ cards: 47_000, notifications: 60_000 }),
      );
      expect(fetch).not.toHaveBeenCalled();
      expect(fetches()).toBe(1);
      unsubscribe();
    });

    it("refreshes it when its topic changed since the page started, or within the clocks' margin before", async () => {
      for (const changedAt of [60_000, 49_500]) {
        const { client, fetched, unsubscribe } = await clientWith('success');
        refresherFor(client, { sincePageStart }).opened(true, recap({ cards: changedAt }));
        await fetched(2);
        unsubscribe();
      }
    });

    it('refreshes it when the recap does not reach back to the page start (a server restarted since)', async () => {
      const { client, fetched, unsubscribe } = await clientWith('success');
      refresherFor(client, { sincePageStart }).opened(true, recap({}, 49_500));
      await fetched(2);
      unsubscribe();
    });

    it('refreshes an answer kept from an earlier visit (the offline store), whatever the recap says', async () => {
      const { client, fetched, unsubscribe } = await clientWith('success');
      client.setQueryData(KEY, { cards: [] }, { updatedAt: performance.timeOrigin - 60_000 });
      refresherFor(client, { sincePageStart }).opened(true, recap({}));
      await fetched(2);
      unsubscribe();
    });

    it('is not used when it opens again after a drop: everything is asked again', async () => {
      const { client, fetched, unsubscribe } = await clientWith('success');
      refresherFor(client, { sincePageStart }).opened(false, recap({}));
      await fetched(2);
      unsubscribe();
    });
  });

  it('refreshes a query named by several topics once, not once a topic', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let fetches = 0;
    // The dashboard's counts move with six topics.
    const observer = new QueryObserver(client, {
      queryKey: [...queryKeys.adminCounts.all, 'counts'],
      queryFn: async () => {
        fetches += 1;
        return fetches;
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await until(observer, (result) => result.data === 1 && result.fetchStatus === 'idle');
    refresherFor(client).opened(false);
    await until(observer, (result) => result.fetchStatus === 'idle' && result.data !== 1);
    expect(fetches).toBe(2);
    unsubscribe();
  });

  it('refreshes every query when it opens again after a drop', async () => {
    const { client, fetched, unsubscribe } = await clientWith('error');
    refresherFor(client).opened(false);
    await fetched(2);
    unsubscribe();
  });
});

describe('the stream the tab keeps', () => {
  // The connection itself is the browser's (fetch, the online event): these count its opens.
  const started = () => vi.spyOn(live, 'start').mockImplementation(() => undefined);
  const stopped = () => vi.spyOn(live, 'stop').mockImplementation(() => undefined);
  afterEach(() => vi.restoreAllMocks());

  it('is opened once for a token, however often it is asked for (as the app starts, then by the screens)', () => {
    const client = new QueryClient();
    const start = started();
    const stop = stopped();
    const close = keepLiveUpdates(client, 'token-a');
    expect(keepLiveUpdates(client, 'token-a')).toBe(close);
    expect(start).toHaveBeenCalledTimes(1);
    expect(start.mock.calls[0]?.[0]).toBe('token-a');
    close();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it("is opened again for another's token, and an old close leaves the new stream open", () => {
    const client = new QueryClient();
    const start = started();
    const stop = stopped();
    const closeA = keepLiveUpdates(client, 'token-a');
    const closeB = keepLiveUpdates(client, 'token-b');
    expect(start.mock.calls.map((call) => call[0])).toEqual(['token-a', 'token-b']);
    expect(stop).toHaveBeenCalledTimes(1);
    closeA();
    expect(stop).toHaveBeenCalledTimes(1);
    closeB();
    expect(stop).toHaveBeenCalledTimes(2);
    // Closed: asked for again, it opens again.
    keepLiveUpdates(client, 'token-b');
    expect(start).toHaveBeenCalledTimes(3);
    keepLiveUpdates(client, 'token-b')();
  });
});

describe('a change heard', () => {
  /** A refresher over a client whose invalidations of a family are counted, by their time. */
  function counted(family: QueryKey = queryKeys.notifications.all) {
    vi.useFakeTimers();
    const client = new QueryClient();
    const refreshed: number[] = [];
    const started = Date.now();
    vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
      if (JSON.stringify(filters?.queryKey) === JSON.stringify(family))
        refreshed.push(Date.now() - started);
    });
    return { refresher: refresherFor(client), refreshed };
  }

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('refreshes a query whose first answer was in flight as the change was heard, once that answer comes', async () => {
    // TanStack Query does not cancel a first fetch (it has no answer to fall back on): the
    // refresh joins it, and the answer the server read before the change would be kept.
    const { client, fetched, answer, unsubscribe } = await clientWith('pending');
    const refresher = refresherFor(client);
    refresher.heard('cards');
    answer(false);
    await fetched(2);
    refresher.stop();
    unsubscribe();
  });

  it('refreshes at once, and a burst once a second', () => {
    const { refresher, refreshed } = counted();
    refresher.heard('notifications');
    refresher.heard('notifications');
    refresher.heard('notifications');
    expect(refreshed).toEqual([0]);
    vi.advanceTimersByTime(1_000);
    expect(refreshed).toEqual([0, 1_000]);
  });

  it('refreshes a query named by several topics once a second, however many of them are heard', () => {
    // The dashboard's counts move with submissions, corrections, who is online and more.
    const { refresher, refreshed } = counted(queryKeys.adminCounts.all);
    for (const topic of ['submissions', 'online', 'corrections', 'speaking'] as const)
      refresher.heard(topic);
    expect(refreshed).toEqual([0]);
    refresher.heard('online');
    vi.advanceTimersByTime(1_000);
    // What changed after the first refresh is still fetched, a second later.
    expect(refreshed).toEqual([0, 1_000]);
    vi.advanceTimersByTime(5_000);
    expect(refreshed).toEqual([0, 1_000]);
  });

  it('told to many, waits a random moment within the spread named', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { refresher, refreshed } = counted();
    refresher.heard('notifications', 20_000);
    vi.advanceTimersByTime(9_999);
    expect(refreshed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(refreshed).toEqual([10_000]);
  });

  it("refreshes at once when the student's own change comes during a spread", () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.9);
    const { refresher, refreshed } = counted();
    refresher.heard('notifications', 20_000);
    vi.advanceTimersByTime(3_000);
    refresher.heard('notifications');
    expect(refreshed).toEqual([3_000]);
    vi.advanceTimersByTime(20_000);
    expect(refreshed).toEqual([3_000]);
  });
});
