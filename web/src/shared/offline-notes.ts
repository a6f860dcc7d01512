import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useMatches } from 'react-router';

/**
 * What kind of screen a route draws, for what is true of it without a network: what the
 * offline notice says on it (app/offline-notices.ts, loaded with the notice) and whether its
 * answers are kept on the device (queries marked `meta.offline`), which decides what a screen
 * with nothing loaded yet says (ui/query-view.tsx).
 */
export type OfflineKind =
  /** A student's screen whose answers are kept on the device (schedule, results, …). */
  | 'kept'
  /** The same, where changes can also be made (the card library). */
  | 'keptChanges'
  /** The flashcard challenge, whose answers wait for the network. */
  | 'practice'
  /** A student's menu. */
  | 'menu'
  /** A form: it can be filled in, not sent. */
  | 'form'
  /** The roll: taken offline, sent when the network is back. */
  | 'roll'
  /** A teacher's home: today's classes kept on the phone, their rolls taken offline (issue 49). */
  | 'teacherDay'
  /** Admin screens and others whose answers are not kept: what is shown may be old. */
  | 'live'
  | 'login';

/** A screen's route `handle`: every route declares its kind (router.test.ts checks). */
export interface ScreenHandle {
  offline: OfflineKind;
}

/** The kinds as route handles: `{ path, handle: offline.kept, lazy }`. */
export const offline = {
  kept: { offline: 'kept' },
  keptChanges: { offline: 'keptChanges' },
  practice: { offline: 'practice' },
  menu: { offline: 'menu' },
  form: { offline: 'form' },
  roll: { offline: 'roll' },
  teacherDay: { offline: 'teacherDay' },
  live: { offline: 'live' },
  login: { offline: 'login' },
} as const satisfies Record<OfflineKind, ScreenHandle>;

/** Whether a kind of screen keeps its answers on the device. */
export const isKeptOffline = (kind: OfflineKind) =>
  kind === 'kept' || kind === 'keptChanges' || kind === 'practice' || kind === 'menu';

/** The kind of the screen at hand: the deepest matched route that declares one. */
export function useOfflineKind(): OfflineKind {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as ScreenHandle | undefined;
    if (handle?.offline) return handle.offline;
  }
  return 'live';
}

// Module-level, so React does not subscribe again at every render of the root layout.
const subscribeToOnline = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/** Whether the browser believes it is online, as TanStack Query does. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribeToOnline, isOnline);
}
