import type { FetchStatus } from '@tanstack/react-query';
import { type ReactNode, use } from 'react';
import { OfflineDataContext } from './offline-data';
import { EmptyState, Loading, Message } from './status';

/** The part of a TanStack Query result (a list, a page, pages) that decides what a screen shows. */
export interface QueryState<T> {
  status: 'pending' | 'error' | 'success';
  fetchStatus: FetchStatus;
  data: T | undefined;
  error: Error | null;
}

/** What a failed first load shows: the screen's error, or (where the spec only logs it) the empty state. */
type FailureProps =
  | {
      /** The screen's text for it (shown as an error), or a function of the failure. */
      error: ReactNode | ((error: Error) => ReactNode);
      showsEmptyOnError?: false;
    }
  | { showsEmptyOnError: true; error?: never };

export type QueryViewProps<T> = FailureProps & {
  query: QueryState<T>;
  /** The screen's loading text (a spinner with it), or what to show instead. */
  loading?: ReactNode;
  /** The screen's text for an empty answer, or what to show instead (perhaps from the answer). */
  empty?: ReactNode | ((data: T) => ReactNode);
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
};

/**
 * The states of a screen that loads something (spec section 4): loading, then the error, the
 * empty state or the data, each in the screen's own words. What was loaded last stays shown
 * when a later refresh fails or the network goes. Offline with nothing loaded for the screen,
 * it says so instead of spinning, and loads by itself once the network is back (TanStack Query
 * resumes the paused fetch).
 */
export function QueryView<T>({
  query,
  loading = 'Loading...',
  error,
  showsEmptyOnError = false,
  empty,
  isEmpty,
  children,
}: QueryViewProps<T>) {
  const isUnavailable = useIsUnavailableOffline(query);
  const emptyState = (data: T | undefined) => emptyView(empty, data);

  if (query.data !== undefined) {
    return isEmpty?.(query.data) ? emptyState(query.data) : children(query.data);
  }
  if (query.status === 'error' && query.error) {
    if (showsEmptyOnError || error === undefined) return emptyState(undefined);
    const shown = typeof error === 'function' ? error(query.error) : error;
    return typeof shown === 'string' ? <Message tone="error">{shown}</Message> : shown;
  }
  if (isUnavailable) return <OfflineUnavailable />;
  return typeof loading === 'string' ? <Loading>{loading}</Loading> : loading;
}

/** The screen's empty state: its text in the empty look, or what it shows instead. */
export function emptyView<T>(empty: QueryViewProps<T>['empty'], data: T | undefined): ReactNode {
  const shown = typeof empty === 'function' ? (data === undefined ? null : empty(data)) : empty;
  return typeof shown === 'string' ? <EmptyState>{shown}</EmptyState> : shown;
}

/**
 * Offline, and nothing loaded yet: the fetch waits for the network (paused). Until the offline
 * store has been read it may yet hold an answer, so until then this is still loading.
 */
export function useIsUnavailableOffline(query: QueryState<unknown>): boolean {
  const { isRestored } = use(OfflineDataContext);
  return (
    query.data === undefined &&
    query.status === 'pending' &&
    query.fetchStatus === 'paused' &&
    isRestored
  );
}

/** Offline, with nothing loaded for this screen: says so plainly, for the screen at hand. */
export function OfflineUnavailable() {
  const { isKept } = use(OfflineDataContext);
  return (
    <Message tone="info">
      {isKept
        ? 'This screen has not been opened on this device yet, so it is not available offline. Connect to the internet and open it once.'
        : 'This screen is not kept for use offline. It loads by itself when you are back online.'}
    </Message>
  );
}
