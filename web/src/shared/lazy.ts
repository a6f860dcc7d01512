import { CHUNK_LOAD_TIMEOUT_MS } from '@academy/contract/constants';
import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router';
import { type OfflineKind, offline } from './offline-notes';

/**
 * A lazily loaded screen for the router: a module whose default export is the screen.
 * A chunk that does not arrive within the spec's 120 s fails, and the route shows its error.
 */
export function screen(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('Loading the screen timed out.')),
        CHUNK_LOAD_TIMEOUT_MS,
      );
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { Component: module.default };
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * A screen's route: its path, what kind of screen it is offline (shared/offline-notes.ts) and
 * its lazily loaded module; `loader` where the route answers something first (an old link).
 */
export function screenRoute(
  path: string,
  kind: OfflineKind,
  load: () => Promise<{ default: ComponentType }>,
  loader?: RouteObject['loader'],
): RouteObject {
  return { path, handle: offline[kind], ...(loader ? { loader } : {}), lazy: screen(load) };
}

/**
 * A piece of a screen loaded the first time it is drawn, which draws nothing when its code
 * cannot be had (offline before the worker keeps the app, a build swapped), said in the
 * console, rather than failing into the route's error screen: for what a screen can do
 * without (a notice, a banner, a tile), never for the screen itself.
 */
export function lazyOrNothing<P extends object>(
  what: string,
  load: () => Promise<ComponentType<P>>,
) {
  return lazy(() =>
    load().then(
      (Component) => ({ default: Component }),
      (error: unknown) => {
        console.warn(`${what} could not be loaded, and is left out`, error);
        return { default: Nothing as ComponentType<P> };
      },
    ),
  );
}

function Nothing() {
  return null;
}
