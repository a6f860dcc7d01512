import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refresherFor } from './live-updates';

/** A query client with one flashcards query in the given state, and a count of its fetches. */
async function clientWith(outcome: 'success' | 'error' | 'pending') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let fetches = 0;
  const queryFn = async () => {
    fetches += 1;
    if (outcome === 'error' && fetches === 1) throw new Error('refused');
    if (outcome === 'pending' && fetches === 1) return new Promise<never>(() => undefined);
    return { cards: [] };
  };
  // An active observer, as a screen holds: invalidation refetches only active queries.
  const observer = new QueryObserver(client, { queryKey: ['flashcards', 1], queryFn });
  const unsubscribe = observer.subscribe(() => undefined);
  if (outcome !== 'pending')
    await waitFor(() => observer.getCurrentResult().fetchStatus === 'idle');
  return { client, fetches: () => fetches, unsubscribe };
}

async function waitFor(condition: () => boolean) {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
}

describe('the stream opening for the first time', () => {
  it('refreshes a query answered before it opened: a change made meanwhile was not heard', async () => {
    const { client, fetches, unsubscribe } = await clientWith('success');
    refresherFor(client).opened(true);
    await waitFor(() => fetches() === 2);
    expect(fetches()).toBe(2);
    unsubscribe();
  });

  for (const outcome of ['error', 'pending'] as const) {
    it(`leaves a query that failed or is in flight alone (${outcome})`, async () => {
      const { client, fetches, unsubscribe } = await clientWith(outcome);
      refresherFor(client).opened(true);
      await new Promise((r) => setTimeout(r, 20));
      expect(fetches()).toBe(1);
      unsubscribe();
    });
  }

  it('refreshes every query when it opens again after a drop', async () => {
    const { client, fetches, unsubscribe } = await clientWith('error');
    refresherFor(client).opened(false);
    await waitFor(() => fetches() === 2);
    expect(fetches()).toBe(2);
    unsubscribe();
  });
});
