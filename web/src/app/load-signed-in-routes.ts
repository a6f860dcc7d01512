import type { RouteObject } from 'react-router';

let signedIn: Promise<RouteObject[]> | undefined;

/**
 * The signed-in screens' routes (app/signed-in-routes.tsx), which the router adds the first time
 * it is asked for one of them (app/router.tsx). Fetched once: as the app starts when someone is
 * signed in (main.tsx), after the first screen otherwise (app-extras.tsx), so that signing in
 * rarely waits for them. A fetch that failed (offline, a build swapped) is tried again.
 */
export function loadSignedInRoutes(): Promise<RouteObject[]> {
  if (!signedIn) {
    const loading = import('./signed-in-routes').then((module) => module.signedInRoutes);
    loading.catch(() => {
      if (signedIn === loading) signedIn = undefined;
    });
    signedIn = loading;
  }
  return signedIn;
}
