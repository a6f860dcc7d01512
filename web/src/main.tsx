import './ui/global.css';
import './app/page-shell.css';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { loadRouteTable } from './api/client';
import { readToken } from './api/session';
import { whenFirstScreenSettled } from './app/first-screen';
import { loadSignedInRoutes } from './app/load-signed-in-routes';
import { createQueryClient } from './app/query-client';
import { createRouter, entryCarries } from './app/router';
import { watchInstallOffers } from './pwa/install-offer';
import { registerOfflineWorker } from './pwa/offline-worker';
import { forgetLeftovers } from './shared/forget-session';
import { flushOfflineCache, markOfflineStoreRestored } from './shared/offline-cache';

// Which build is running; the update test reads it.
document.documentElement.dataset.version = __APP_VERSION__;

/** The longest a signed-in page waits for its first screen before registering the worker. */
const FIRST_SCREEN_WAIT_MS = 10_000;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

watchInstallOffers();
// TanStack Query assumes it starts online and then follows the browser's online/offline
// events; an app opened with no network would wait for an event that never comes.
onlineManager.setOnline(navigator.onLine);
const queryClient = createQueryClient();
// The offline worker's first install (its ~170 files fetched and stored, the page taken over,
// the browser's install offer) competes with drawing the first screen on a phone's two cores.
// A visitor's login is drawn from the entry with no call to wait for, and registering after it
// made its blocking time worse; a signed-in screen waits for its answers, so there the worker
// waits for the screen (bench/README.md, "The offline worker after the first screen").
registerOfflineWorker(
  readToken() ? whenFirstScreenSettled(queryClient, FIRST_SCREEN_WAIT_MS) : undefined,
);
// Nobody signed in: nothing of the last session's stays on the device (forgetLeftovers says
// how some could).
void forgetLeftovers();

// Signed in: the live stream opens before the first screen asks for anything, and the screens
// then hold it (keepLiveUpdates says why). The home's page asks for its chunk with the page.
const streamStarted: Promise<void> = readToken()
  ? import('./app/live-updates')
      .then(({ keepLiveUpdates }) => {
        const token = readToken();
        if (token) keepLiveUpdates(queryClient, token);
      })
      // Not fetched (offline, a build swapped): the screens' hook opens it with its chunk.
      .catch(() => undefined)
  : Promise.resolve();
// Signed in: the first screen's calls need the route table, asked for now, beside the stream's
// chunk. A signed-in screen the entry does not carry (app/router.tsx: all but the student
// home) needs the signed-in routes to be found at all: their chunk too. The student home's
// are asked for at the first key or tap (app/root-layout.tsx).
if (readToken()) {
  void loadRouteTable();
  if (!entryCarries(location.pathname)) void loadSignedInRoutes();
}

// The entry's modules (React, the router, the query cache) are evaluated in one task; starting
// the router (matching the address, asking for the screen's chunks) waits for the next, so a
// slow phone's main thread is not held for both at once (bench:lighthouse's blocking time).
// The first render then waits for the stream to have started: its screen's calls go after the
// stream's request, whichever of the two chunks arrived first, and the stream is usually up
// before the layout asks whether to send the activity ping. (Answers that come before the
// stream's first opening are not asked again unless its recap says they changed.) A
// transition lets React render the first screen in short slices, yielding to the browser
// between them, instead of one long task that keeps a slow phone from answering a tap.
setTimeout(() => {
  const router = createRouter();
  void streamStarted.then(() =>
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </StrictMode>,
      );
    }),
  );
});

void import('./app/offline-persistence')
  .then(({ startOfflinePersistence }) => startOfflinePersistence(queryClient))
  .catch((error: unknown) => {
    // Nothing more will come from the store: screens say what they have without it.
    markOfflineStoreRestored();
    console.error('The offline store could not be read', error);
  });
window.addEventListener('pagehide', flushOfflineCache);
