import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ScreenHandle } from '../shared/offline-notes';
import { paths } from '../shared/paths';
import { offlineNotices } from './offline-notices';
import { routes } from './router';

/** Every route that draws a screen: those with a path. */
function screens(list: RouteObject[]): RouteObject[] {
  return list.flatMap((route) => [
    ...(route.path === undefined ? [] : [route]),
    ...screens(route.children ?? []),
  ]);
}

describe('the route table', () => {
  it('has a route for every path of the app', () => {
    expect(
      screens(routes)
        .map((route) => route.path)
        .sort(),
    ).toEqual(Object.values(paths).sort());
  });

  it('says for every screen what is true of it offline, for the offline notice', () => {
    for (const route of screens(routes)) {
      const kind = (route.handle as ScreenHandle | undefined)?.offline;
      expect(kind, route.path).toBeDefined();
      expect(offlineNotices[kind ?? 'live'], route.path).toMatch(/^You are offline\. \S/);
    }
  });
});
