import type { DehydratedState, DehydrateOptions, QueryClient } from '@tanstack/react-query';
import { type Persister, persistQueryClient } from '@tanstack/react-query-persist-client';
import {
  markOfflineStoreRestored,
  OFFLINE_CACHE_MAX_AGE_MS,
  OFFLINE_CACHE_VERSION,
  offlinePersister,
} from '../shared/offline-cache';
import { isKeptChange } from './query-client';

/**
 * What the offline store keeps: the answers marked for offline use, and the kept changes
 * (flashcard answers, rolls, quiz answers) not yet sent. Only those can be sent after a reload (their function is registered by key), and
 * no other change waits: a file, say, would not survive the trip to storage.
 *
 * "Not yet sent" is every answer still pending, not only those the client has paused: on a
 * connection that drops while the browser still says it is online, an answer fails, waits to
 * retry (pending, not paused), and a reload in that wait used to lose it.
 */
export const offlineDehydrateOptions: DehydrateOptions = {
  shouldDehydrateQuery: (query) => query.meta?.offline === true && query.state.status === 'success',
  shouldDehydrateMutation: (mutation) =>
    isKeptChange(mutation) && mutation.state.status === 'pending',
};

/**
 * Stores every kept answer as paused, so the next visit sends it (only paused changes are
 * resumed). One that was on its way may have arrived: the server applies an answer once.
 */
export function resumableAfterRestart(state: DehydratedState): DehydratedState {
  return {
    ...state,
    mutations: state.mutations.map((mutation) => ({
      ...mutation,
      state: { ...mutation.state, isPaused: true },
    })),
  };
}

const persister: Persister = {
  ...offlinePersister,
  persistClient: (client) =>
    offlinePersister.persistClient({
      ...client,
      clientState: resumableAfterRestart(client.clientState),
    }),
};

/**
 * Restores the offline cache into the query client and keeps it up to date. Loaded after
 * the first screen is drawn (main.tsx), so the login screen does not pay for it. Restored
 * answers never overwrite fresher ones: hydration keeps whichever is newer.
 */
export async function startOfflinePersistence(queryClient: QueryClient): Promise<void> {
  const [, restored] = persistQueryClient({
    queryClient,
    persister,
    maxAge: OFFLINE_CACHE_MAX_AGE_MS,
    buster: OFFLINE_CACHE_VERSION,
    dehydrateOptions: offlineDehydrateOptions,
  });
  await restored.finally(markOfflineStoreRestored);
  // Changes made offline in an earlier visit are sent once the cache is back.
  await queryClient.resumePausedMutations();
}
