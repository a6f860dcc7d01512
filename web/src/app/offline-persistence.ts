import type { DehydrateOptions, QueryClient } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { OFFLINE_CACHE_MAX_AGE_MS, OFFLINE_CACHE_VERSION, offlinePersister } from './offline-cache';
import { isCardAnswer } from './query-client';

/**
 * What the offline store keeps: the answers marked for offline use, and flashcard answers
 * waiting for the network. Only those can be sent after a reload (their function is registered
 * by key), and no other change waits: a file, say, would not survive the trip to storage.
 */
export const offlineDehydrateOptions: DehydrateOptions = {
  shouldDehydrateQuery: (query) => query.meta?.offline === true && query.state.status === 'success',
  shouldDehydrateMutation: (mutation) => mutation.state.isPaused && isCardAnswer(mutation),
};

/**
 * Restores the offline cache into the query client and keeps it up to date. Loaded after
 * the first screen is drawn (main.tsx), so the login screen does not pay for it. Restored
 * answers never overwrite fresher ones: hydration keeps whichever is newer.
 */
export async function startOfflinePersistence(queryClient: QueryClient): Promise<void> {
  const [, restored] = persistQueryClient({
    queryClient,
    persister: offlinePersister,
    maxAge: OFFLINE_CACHE_MAX_AGE_MS,
    buster: OFFLINE_CACHE_VERSION,
    dehydrateOptions: offlineDehydrateOptions,
  });
  await restored;
  // Changes made offline in an earlier visit are sent once the cache is back.
  await queryClient.resumePausedMutations();
}
