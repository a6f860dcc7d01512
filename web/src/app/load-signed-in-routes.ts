import type { RouteObject } from 'react-router';
import { loadOnce } from '../lib/load-once';

/**
 * The signed-in screens' routes (app/signed-in-routes.tsx), which the router adds the first time
 * it is asked for one (app/router.tsx). Fetched once: as the app starts when the first screen is
 * one of them (main.tsx), at the first key or tap otherwise (root-layout.tsx), so that signing in
 * or the student home's first tap rarely waits for them. A fetch that failed is tried again.
 */
export const loadSignedInRoutes: () => Promise<RouteObject[]> = loadOnce(() =>
  import('./signed-in-routes').then((module) => module.signedInRoutes),
);
