import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenHandle } from '../shared/offline-notes';
import { paths } from '../shared/paths';
import { offlineNotices } from './offline-notices';
import { entryCarries, ROOT_ROUTE_ID, routes, signedInRoutesFound } from './router';
import { signedInRoutes } from './signed-in-routes';

/** Every route that draws a screen: those with a path. */
function screens(list: RouteObject[]): RouteObject[] {
  return list.flatMap((route) => [
    ...(route.path === undefined ? [] : [route]),
    ...screens(route.children ?? []),
  ]);
}

/** The whole table: the entry's routes with the signed-in screens added under the root. */
const everyScreen = () => [...screens(routes), ...screens(signedInRoutes)];

describe('the route table', () => {
  it('has a route for every path of the app', () => {
    expect(
      everyScreen()
        .map((route) => route.path)
        .sort(),
    ).toEqual(Object.values(paths).sort());
  });

  it('says for every screen what is true of it offline, for the offline notice', () => {
    for (const route of everyScreen()) {
      const kind = (route.handle as ScreenHandle | undefined)?.offline;
      expect(kind, route.path).toBeDefined();
      expect(offlineNotices[kind ?? 'live'], route.path).toMatch(/^You are offline\. \S/);
    }
  });

  it('carries in the entry only the screens anyone opens, signed in or not, and the student home', () => {
    expect(
      screens(routes)
        .map((route) => route.path)
        .sort(),
    ).toEqual(
      [
        paths.root,
        paths.login,
        paths.loading,
        paths.verify,
        paths.verifyCertificate,
        paths.forgotPassword,
        paths.resetPassword,
        paths.userHome,
      ].sort(),
    );
  });

  it("says which addresses the entry draws without the signed-in screens' table", () => {
    expect(entryCarries(paths.login)).toBe(true);
    expect(entryCarries(paths.userHome)).toBe(true);
    expect(entryCarries('/verify/ABCD-1234')).toBe(true);
    expect(entryCarries(paths.adminHome)).toBe(false);
    expect(entryCarries(paths.teacherHome)).toBe(false);
    expect(entryCarries('/classes/7')).toBe(false);
  });
});

describe('finding the signed-in screens', () => {
  /** What the router tells patchRoutesOnNavigation about `path`, and what it was given. */
  async function navigate(found: ReturnType<typeof signedInRoutesFound>, path: string) {
    const patch = vi.fn();
    await found({
      path,
      matches: matchRoutes(routes, path) ?? [],
      patch,
      signal: new AbortController().signal,
      fetcherKey: undefined,
    });
    return patch;
  }

  it("adds them under the root the first time a path is not the entry's, and only then", async () => {
    const found = signedInRoutesFound();
    const patch = await navigate(found, '/classes/7');
    expect(patch).toHaveBeenCalledExactlyOnceWith(ROOT_ROUTE_ID, signedInRoutes);
    expect(await navigate(found, paths.adminHome)).not.toHaveBeenCalled();
  });

  it('fetches nothing for a public screen matched by its parameter', async () => {
    const found = signedInRoutesFound();
    expect(await navigate(found, '/verify/ABCD-1234')).not.toHaveBeenCalled();
    expect(await navigate(found, '/reset-password/some-token')).not.toHaveBeenCalled();
    expect(await navigate(found, '/no-such-screen')).toHaveBeenCalledOnce();
  });
});
