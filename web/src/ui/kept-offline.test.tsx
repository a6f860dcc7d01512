import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { KeptOffline } from './kept-offline';
import { OfflineDataContext } from './offline-data';
import { QueryView } from './query-view';

/** A query offline with nothing loaded yet: its fetch waits for the network. */
const paused = {
  status: 'pending' as const,
  fetchStatus: 'paused' as const,
  data: undefined,
  error: null,
};

/** What a part of a screen not kept offline (its route's kind) shows, inside KeptOffline or not. */
function shown(isKept: boolean | undefined): string {
  const view = (
    <QueryView query={paused} error="Failed.">
      {() => 'data'}
    </QueryView>
  );
  const html = renderToStaticMarkup(
    <OfflineDataContext value={{ isKept: false, isRestored: true }}>
      {isKept === undefined ? view : <KeptOffline isKept={isKept}>{view}</KeptOffline>}
    </OfflineDataContext>,
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe("a part of a screen kept offline although its route's is not (issue 49, point 1)", () => {
  it("says a teacher's Today or roll has not been opened here yet, not that it is never kept", () => {
    expect(shown(true)).toMatch(/^This screen has not been opened on this device yet/);
    expect(shown(undefined)).toMatch(/^This screen is not kept for use offline/);
  });

  it('changes nothing where it is not kept (an administrator)', () => {
    expect(shown(false)).toMatch(/^This screen is not kept for use offline/);
  });
});
