import { CHUNK_LOAD_TIMEOUT_MS } from '@academy/contract/constants';
import type { ComponentType } from 'react';
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
