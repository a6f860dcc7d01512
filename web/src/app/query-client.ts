import {
  type DefaultError,
  type DefaultedQueryObserverOptions,
  hashKey,
  type Mutation,
  QueryClient,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import { ApiError } from '../api/api-error';
import { type KeptChange, keptChangeOptions } from '../api/kept-changes';
import { cardAnswers } from '../features/flashcards/answer-card';
import { quizAnswers } from '../features/quizzes/taking/save-answers';
import { rollSaves } from '../features/roll/save-roll';
import { OFFLINE_CACHE_MAX_AGE_MS } from '../shared/offline-cache';

declare module '@tanstack/react-query' {
  interface Register {
    /** `offline: true` keeps a query's last answer for use without a network (shared/offline-cache.ts). */
    queryMeta: { offline?: boolean };
  }
}

/**
 * Queries kept for offline use stay in memory as long as the offline store keeps them: the
 * store is written from the query cache, so a query garbage-collected sooner would drop out of
 * it (TanStack Query asks for gcTime ≥ the persister's maxAge).
 */
class AcademyQueryClient extends QueryClient {
  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    const defaulted = super.defaultQueryOptions(options);
    if (defaulted.meta?.offline !== true) return defaulted;
    return { ...defaulted, gcTime: Math.max(defaulted.gcTime ?? 0, OFFLINE_CACHE_MAX_AGE_MS) };
  }
}

/** The changes that wait for the network and are kept offline (api/kept-changes.ts). */
// biome-ignore lint/suspicious/noExplicitAny: each change has its own payload; only the key is read here.
export const KEPT_CHANGES: readonly KeptChange<any>[] = [cardAnswers, rollSaves, quizAnswers];
const keptKeys = new Set(KEPT_CHANGES.map((change) => hashKey(change.key)));

export function isKeptChange(mutation: Mutation): boolean {
  const key = mutation.options.mutationKey;
  return key !== undefined && keptKeys.has(hashKey(key));
}

/**
 * One query client for the app. A 4xx answer will not change on retry, so only network
 * failures and 5xx are retried (once).
 *
 * Changes are sent even when the browser says it is offline (`networkMode: 'always'`), so a
 * form used offline fails at once with its screen's network error instead of waiting, with a
 * busy button, for a network that may not come back while the page is open. Flashcard answers,
 * rolls and quiz answers are the exception (KEPT_CHANGES): they wait offline, survive a reload and are sent
 * in order once online.
 */
export function createQueryClient() {
  const client = new AcademyQueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: true,
        // A screen visited again within the day shows its last answer at once while it refreshes.
        gcTime: 24 * 60 * 60_000,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  // Changes made offline are kept across a reload; after one, the cache holds only their data,
  // so the function that sends each must be known by its key.
  for (const change of KEPT_CHANGES) {
    const { mutationKey, ...defaults } = keptChangeOptions(change);
    client.setMutationDefaults(mutationKey, defaults);
  }
  return client;
}
