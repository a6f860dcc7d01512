import type { Workbox } from 'workbox-window';
import { createStore } from '../lib/store';

/**
 * The offline worker at /service-worker.js (production builds only), registered outside
 * React: no screen has to be drawn, nor the update banner's code loaded, for the worker to be
 * kept up to date. Whether a new version has installed and waits is kept here; the root
 * layout loads the update banner only then (app/root-layout.tsx).
 *
 * Registration goes through workbox-window directly: vite-plugin-pwa's React hook reloads
 * only for updates found on a page that was already controlled at load, so an update found
 * during the first visit showed the banner but never reloaded.
 */
let workbox: Workbox | undefined;
const waiting = createStore(false);

/**
 * Registers the worker once the page has loaded and `after` has resolved (main.tsx: at once
 * for a visitor, once the first screen has settled for someone signed in). Its code is asked
 * for then too, so the first screen waits for none of it.
 */
export function registerOfflineWorker(after: Promise<unknown> = Promise.resolve()): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const loaded = new Promise((resolve) => {
    if (document.readyState === 'complete') resolve(undefined);
    else window.addEventListener('load', resolve, { once: true });
  });
  void Promise.all([loaded, after])
    .then(() => import('workbox-window'))
    .then((module) => {
      workbox = new module.Workbox('/service-worker.js', { scope: '/' });
      workbox.addEventListener('waiting', () => waiting.set(true));
      return workbox.register();
    })
    .catch((error: unknown) => console.error('Service worker registration failed', error));
}

/** Whether a new version has installed and waits to take over. */
export const isUpdateWaiting = waiting.get;

export const subscribeToUpdate = waiting.subscribe;

/** Lets the waiting version take over, and reloads the page once it controls it. */
export function applyUpdate(): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  workbox?.messageSkipWaiting();
}
