import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createStore } from '../lib/store';
import { useRemovePageShell } from '../shared/page-shell';

/**
 * When the first screen has settled: drawn, and every call it asked for answered. What can
 * wait for the screen (the offline worker's first install on a signed-in page, main.tsx)
 * waits for this, so that a phone's two cores draw the screen before doing it.
 */
const drawn = createStore(false);

export const markFirstScreenDrawn = () => drawn.set(true);

/**
 * The first screen is drawn: the server's drawn shell goes before the browser paints it, and
 * what waits for the screen is told. Called by every element the router may draw first: the
 * root layout, and the error screen that replaces it. A parent's effects run after those of
 * everything inside it, so by the mark the screen's queries have subscribed and asked.
 */
export function useFirstScreenDrawn(): void {
  useRemovePageShell();
  useEffect(markFirstScreenDrawn, []);
}

/**
 * Resolves once the first screen is drawn and none of its calls is in flight, or after
 * `atMostMs` whatever happened (a screen that never draws, a call that never answers).
 */
export function whenFirstScreenSettled(queryClient: QueryClient, atMostMs: number): Promise<void> {
  return new Promise((resolve) => {
    const stops: (() => void)[] = [];
    const settle = () => {
      for (const stop of stops) stop();
      resolve();
    };
    const check = () => {
      if (drawn.get() && queryClient.isFetching() === 0) settle();
    };
    const timer = setTimeout(settle, atMostMs);
    stops.push(
      () => clearTimeout(timer),
      drawn.subscribe(check),
      queryClient.getQueryCache().subscribe(check),
    );
    check();
  });
}
