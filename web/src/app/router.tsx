import {
  createBrowserRouter,
  matchRoutes,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import * as certificates from '../features/certificates/routes';
import * as passwordReset from '../features/password-reset/routes';
import { isSplashDone } from '../features/startup/splash';
import { screenRoute } from '../shared/lazy';
import { paths } from '../shared/paths';
import ErrorScreen from './error-screen';
import { redirectSignedIn, requireRole } from './guards';
import { loadSignedInRoutes } from './load-signed-in-routes';
import RootLayout from './root-layout';

/** The root route's id: the signed-in screens are added under it (signedInRoutesFound). */
export const ROOT_ROUTE_ID = 'root';

/**
 * The routes the entry carries: the screens anyone opens, signed in or not, and the student
 * home. Every other screen (app/signed-in-routes.tsx) is added under the root route the first
 * time the router is asked for one, so the login screen does not load their table (bench:size's
 * budget).
 */
export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    // Guards are loaders; nothing to show for the instant they take on the first load. A
    // component, not a null element: React Router counts only one it can see, and otherwise
    // warned (a console message and a thrown error) on every first load (bench:lighthouse).
    HydrateFallback: NothingYet,
    children: [
      screenRoute(
        paths.root,
        'login',
        () => import('../features/startup/start-screen'),
        () => (isSplashDone() ? redirectSignedIn() : null),
      ),
      screenRoute(
        paths.login,
        'login',
        () => import('../features/accounts/login-screen'),
        redirectSignedIn,
      ),
      screenRoute(paths.loading, 'login', () => import('../features/startup/loading-screen')),
      // Anyone's, signed in or not: a certificate's public check (issue 30), and a forgotten
      // password's link by e-mail (issue 31).
      ...certificates.publicRoutes,
      ...passwordReset.publicRoutes,
      // The student home, the first screen a student sees: carried here so that it is drawn
      // without the table of every signed-in screen, whose chunk it then asks for at the
      // student's first key or tap (bench:lighthouse, issue 50 point 7).
      {
        loader: requireRole('user'),
        children: [
          screenRoute(paths.userHome, 'menu', () => import('../features/home/student-home-screen')),
        ],
      },
    ],
  },
];

function NothingYet() {
  return null;
}

/**
 * Whether `matches` draw `pathname` as they are: matched whole by a screen's path, not only by
 * a parameter that a signed-in screen's own path might match better.
 */
function matchedWhole(
  matches: readonly { route: { path?: string }; pathname: string }[] | null,
  pathname: string,
): boolean {
  const last = matches?.at(-1);
  return last?.route.path !== undefined && last.pathname === pathname;
}

/** Whether the entry's routes draw `pathname` without the signed-in screens' table. */
export const entryCarries = (pathname: string) =>
  matchedWhole(matchRoutes(routes, pathname), pathname);

/**
 * What a router does with a path its routes do not match, or match only by a parameter (a
 * route it does not know yet might match better): the first time, it adds the signed-in
 * screens, then matches again. A public screen matched whole by its parameter (a certificate's
 * code, a password's reset link) needs nothing more: no signed-in path starts as theirs do.
 * A path that matches nothing even then shows the error screen, as before.
 */
export function signedInRoutesFound(): PatchRoutesOnNavigationFunction {
  let added = false;
  return async ({ path, matches, patch, signal }) => {
    if (added || matchedWhole(matches, path)) return;
    const signedInRoutes = await loadSignedInRoutes();
    if (signal.aborted) return;
    patch(ROOT_ROUTE_ID, signedInRoutes);
    added = true;
  };
}

export const createRouter = () =>
  createBrowserRouter(routes, { patchRoutesOnNavigation: signedInRoutesFound() });
