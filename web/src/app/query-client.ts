import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

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
      },
      mutations: { retry: false },
    },
  });
}
