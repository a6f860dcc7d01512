import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { loadRouteTable } from '../api/client';
import { readToken } from '../api/session';
import { UpdateBanner } from '../pwa/update-banner';
import { useAppConfig } from '../shared/branding';
import { loadSignedInRoutes } from './load-signed-in-routes';

const SignedInExtras = lazy(() => import('./signed-in-extras'));

export { InstallButton } from '../pwa/install-button';
export { OfflineNotice } from './offline-notice';

/**
 * What every screen has but none needs to draw itself: the update banner, and for someone
 * signed in the live stream and the activity ping (and the offline notice and install button,
 * which the root layout puts above the screen). Loaded right after the first screen, so the
 * login screen does not wait for them.
 */
export default function AppExtras() {
  // Signing in or out happens with a navigation: whether someone is signed in is read on each.
  useLocation();
  useTabTitle();
  useEffect(() => preloadOnFirstInput(), []);
  return (
    <>
      {readToken() && (
        <Suspense fallback={null}>
          <SignedInExtras />
        </Suspense>
      )}
      <UpdateBanner />
    </>
  );
}

/**
 * The tab's title is the academy's name: the server writes it into every page
 * (features/branding/web-page.ts); this keeps it in step when an administrator renames the
 * academy while the app is open, and in the offline worker's copy of the page.
 */
function useTabTitle() {
  const name = useAppConfig().data?.academyName;
  useEffect(() => {
    if (name) document.title = name;
  }, [name]);
}

/**
 * What the next screen will need, asked for at the visitor's first key or tap rather than as
 * the first screen opens, so that a first visit does not fetch, compile and run chunks it may
 * never use (bench:lighthouse's main-thread time): the signed-in screens' routes (for the login
 * screen's sign-in, and the student home's tiles) and the calls' route table (for the login
 * screen's first call). A first screen that needed either has it already (main.tsx, the
 * router); a navigation that needs them first fetches them itself.
 */
function preloadOnFirstInput(): () => void {
  const events = ['keydown', 'pointerdown', 'input'] as const;
  const stop = () => {
    for (const name of events) window.removeEventListener(name, once, true);
  };
  function once() {
    stop();
    void loadSignedInRoutes();
    void loadRouteTable();
  }
  for (const name of events) window.addEventListener(name, once, true);
  return stop;
}
