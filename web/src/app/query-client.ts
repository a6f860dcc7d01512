import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import {
  ANSWER_MUTATION_KEY,
  ANSWER_SCOPE,
  answerRetryDelay,
  retryLostAnswers,
  sendCardAnswer,
} from '../features/flashcards/answer-card';

declare module '@tanstack/react-query' {
  interface Register {
    /** `offline: true` keeps a query's last answer for use without a network (app/offline-cache.ts). */
    queryMeta: { offline?: boolean };
  }
}

/**
 * One query client for the app. A 4xx answer will not change on retry, so only network
 * failures and 5xx are retried (once).
 */
export function createQueryClient() {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: true,
        // Kept long enough to be restored from the offline cache after a restart.
        gcTime: 24 * 60 * 60_000,
      },
      mutations: { retry: false },
    },
  });
  // Flashcard answers given offline are kept across a reload; after one, the cache holds only
  // their data, so the function that sends them must be known by key.
  client.setMutationDefaults(ANSWER_MUTATION_KEY, {
    mutationFn: sendCardAnswer,
    scope: ANSWER_SCOPE,
    retry: retryLostAnswers,
    retryDelay: answerRetryDelay,
  });
  return client;
}
