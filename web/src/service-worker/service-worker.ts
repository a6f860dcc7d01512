/// <reference lib="webworker" />
import { WORKER_CACHE_VERSION } from '@academy/contract/constants';
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { installPushHandlers } from './push';

/**
 * The offline worker (spec section 9): cache version 2.2; the app shell precached; pages and
 * API reads network first with the cache as fallback. API writes and file downloads always
 * go to the network.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const version = `v${WORKER_CACHE_VERSION}`;
setCacheNameDetails({ prefix: 'academy', suffix: version });
const pagesCache = `academy-pages-${version}`;
const apiCache = `academy-api-${version}`;

// The build lists the root page, the scripts and styles, the logo and icons here.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Pages: the network first; offline, the cached page, or else the precached app shell (every
// route of the app is the same index.html).
const pages = new NetworkFirst({ cacheName: pagesCache, networkTimeoutSeconds: 5 });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { denylist: [/^\/api\//] },
  ),
);

// API reads (GET): the network first, the last answer when offline. Signed file links
// expire and are personal, so downloads are never cached. The live stream is never the
// worker's: caching a copy of an answer that never ends read it for as long as it lasted,
// holding its connection after the page had let go, one per page load, until the browser's
// six connections to the server were all taken and every call waited.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    url.pathname.startsWith('/api/') &&
    !url.pathname.startsWith('/api/files/') &&
    !request.headers.get('accept')?.includes('text/event-stream'),
  new NetworkFirst({
    cacheName: apiCache,
    networkTimeoutSeconds: 6,
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * 24 * 60 * 60 })],
  }),
);

// A new version waits until the user clicks the update banner, which posts SKIP_WAITING.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Pushes and taps on their notifications (issue 31, point 2).
installPushHandlers(self);

clientsClaim();
