/// <reference lib="webworker" />
import { WORKER_CACHE_VERSION } from '@academy/contract/constants';
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { isKeptRead, keepOnlyKeepable, pruneApiCache } from './api-cache';
import { installPushHandlers } from './push';

/**
 * The offline worker (spec section 9): cache version 2.2; the app shell precached; pages, and
 * the student's answers kept for use offline (contract/src/kept-answers.ts), network first
 * with the cache as fallback. Every other call (writes, file downloads, exports, staff's
 * lists and settings) goes to the network and is never copied.
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

// The answers kept for use offline (GET, named in the contract): the network first, the last
// answer when offline, and only an answer the server did not mark no-store (it marks so a kept
// call's answer to staff). No other call is the worker's: report cards, exports, everyone's
// e-mails, the outbox and the settings are never copied to the device; nor are signed file
// links (they expire) or the live stream (a copy of an answer that never ends held its
// connection after the page had let go, until every call waited for one of the browser's six).
registerRoute(
  ({ request }) => isKeptRead(request, self.location.origin),
  new NetworkFirst({
    cacheName: apiCache,
    networkTimeoutSeconds: 6,
    plugins: [
      keepOnlyKeepable,
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * 24 * 60 * 60 }),
    ],
  }),
);

// An earlier worker kept every GET answer: what the rules above would not keep goes as this
// one takes over, rather than staying on the device for 14 days.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      if (await caches.has(apiCache))
        await pruneApiCache(await caches.open(apiCache), self.location.origin);
    })(),
  );
});

// A new version waits until the user clicks the update banner, which posts SKIP_WAITING.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Pushes and taps on their notifications (issue 31, point 2).
installPushHandlers(self);

clientsClaim();
