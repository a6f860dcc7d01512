import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

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
  return new QueryClient({
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
}
