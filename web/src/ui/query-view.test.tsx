import type { FetchStatus } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type OfflineData, OfflineDataContext } from './offline-data';
import { QueryView, type QueryViewProps } from './query-view';

type Notes = string[];

/** A query's state as TanStack Query reports it. */
function query(
  state: Partial<{ data: Notes; error: Error | null; fetchStatus: FetchStatus }> & {
    status: 'pending' | 'error' | 'success';
  },
) {
  return { data: undefined, error: null, fetchStatus: 'idle' as FetchStatus, ...state };
}

/** The text a screen with these states shows (tags stripped, spaces joined). */
function shown(
  overrides: Partial<Record<keyof QueryViewProps<Notes>, unknown>>,
  offline?: OfflineData,
): string {
  const props = {
    query: query({ status: 'pending', fetchStatus: 'fetching' }),
    loading: 'Loading notifications...',
    error: 'Failed to fetch notifications.',
    empty: 'No notifications found.',
    isEmpty: (notes: Notes) => notes.length === 0,
    children: (notes: Notes) => (
      <ul>
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    ),
    ...overrides,
  } as QueryViewProps<Notes>;
  const view = <QueryView<Notes> {...props} />;
  const html = renderToStaticMarkup(
    offline ? <OfflineDataContext value={offline}>{view}</OfflineDataContext> : view,
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const notYetOffline =
  'This screen has not been opened on this device yet, so it is not available offline. Connect to the internet and open it once.';
const notKeptOffline =
  'This screen is not kept for use offline. It loads by itself when you are back online.';

describe('QueryView: the loading, error, empty and populated states of a screen', () => {
  it("says the screen's loading text while the first answer is on its way", () => {
    expect(shown({})).toBe('Loading notifications...');
  });

  it('shows the list once it has come', () => {
    expect(shown({ query: query({ status: 'success', data: ['Class at 10'] }) })).toBe(
      'Class at 10',
    );
  });

  it("says the screen's empty text for an empty answer", () => {
    expect(shown({ query: query({ status: 'success', data: [] }) })).toBe(
      'No notifications found.',
    );
  });

  it("says the screen's error text when the first load failed", () => {
    expect(shown({ query: query({ status: 'error', error: new Error('Server error') }) })).toBe(
      'Failed to fetch notifications.',
    );
  });

  it('turns the error into the screen’s words when given a function of it', () => {
    expect(
      shown({
        query: query({ status: 'error', error: new Error('Admins only.') }),
        error: (error: Error) => `Refused: ${error.message}`,
      }),
    ).toBe('Refused: Admins only.');
  });

  it('shows the empty state instead where the spec only logs a failed load', () => {
    expect(
      shown({
        query: query({ status: 'error', error: new Error('Failed to fetch') }),
        error: undefined,
        showsEmptyOnError: true,
      }),
    ).toBe('No notifications found.');
  });

  it('keeps showing what it has when a later refresh fails', () => {
    expect(
      shown({
        query: query({
          status: 'error',
          data: ['Class at 10'],
          error: new Error('Failed to fetch'),
        }),
      }),
    ).toBe('Class at 10');
  });

  it('stays loading while a query waits for what it needs (nothing is fetched yet)', () => {
    expect(shown({ query: query({ status: 'pending', fetchStatus: 'idle' }) })).toBe(
      'Loading notifications...',
    );
  });

  describe('offline, with nothing loaded for the screen', () => {
    const paused = query({ status: 'pending', fetchStatus: 'paused' });

    it('says plainly that a kept screen has not been opened here yet, instead of spinning', () => {
      expect(shown({ query: paused }, { isKept: true, isRestored: true })).toBe(notYetOffline);
    });

    it('says that a screen not kept offline loads once the network is back', () => {
      expect(shown({ query: paused }, { isKept: false, isRestored: true })).toBe(notKeptOffline);
    });

    it('keeps loading until the offline store has been read, which may hold the answer', () => {
      expect(shown({ query: paused }, { isKept: true, isRestored: false })).toBe(
        'Loading notifications...',
      );
    });

    it('shows what was loaded last when there is something', () => {
      expect(
        shown(
          { query: query({ status: 'success', fetchStatus: 'paused', data: ['Class at 10'] }) },
          { isKept: true, isRestored: true },
        ),
      ).toBe('Class at 10');
    });
  });
});
