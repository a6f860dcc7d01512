import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { loadRouteTable } from '../api/client';
import { readToken, whenSessionEnds } from '../api/session';
import { loadOnce } from '../lib/load-once';
import { InstallButton } from '../pwa/install-button';
import { isUpdateWaiting, subscribeToUpdate } from '../pwa/offline-worker';
import { useAppConfig } from '../shared/branding';
import { forgetSession } from '../shared/forget-session';
import { lazyOrNothing } from '../shared/lazy';
import { isOfflineStoreRestored, subscribeToOfflineStoreRestored } from '../shared/offline-cache';
import { isKeptOffline, useIsOnline, useOfflineKind } from '../shared/offline-notes';
import { paths } from '../shared/paths';
import { OfflineDataContext } from '../ui/offline-data';
import { useFirstScreenDrawn } from './first-screen';
import { loadSignedInRoutes } from './load-signed-in-routes';

// What a screen may have beside it, each loaded the first time it has something to show
// rather than with every first screen (bench:lighthouse, issue 50 point 7: their chunks,
// stylesheets and icons were about a tenth of the login's and the home's main-thread time
// where the browser makes no install offer, as in the installed app). One that cannot be had
// (no network, and the offline worker not keeping the app yet) is left out. The install
// button is the exception: Chromium offers installation on every first visit, and the bar's
// few lines cost less in the entry than the chunk, stylesheet and icons a lazy bar fetched
// then (docs/decisions.md, "The install bar comes with the page").
const loadOfflineNotice = loadOnce(() => import('./offline-notice'));
const OfflineNotice = lazyOrNothing('The offline notice', () =>
  loadOfflineNotice().then((m) => m.OfflineNotice),
);
const UpdateBanner = lazyOrNothing('The update banner', () =>
  import('../pwa/update-banner').then((m) => m.UpdateBanner),
);
const SignedInExtras = lazyOrNothing('The live stream', () =>
  import('./signed-in-extras').then((m) => m.default),
);

/**
 * Wraps every screen: app-wide events such as the server ending the session, what the
 * screen's route says about it offline, and what shows beside the screen only at times: the
 * offline notice, the install button and the update banner, and for someone signed in the
 * live stream and activity ping. The offline notice comes before the screen, so it moves it
 * down instead of covering any of it (on a phone, the back link and the title); the install
 * button comes after it (see below).
 */
export default function RootLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const offlineKind = useOfflineKind();
  const isOnline = useIsOnline();
  const isRestored = useSyncExternalStore(subscribeToOfflineStoreRestored, isOfflineStoreRestored);
  const isUpdateReady = useSyncExternalStore(subscribeToUpdate, isUpdateWaiting);
  const isKept = isKeptOffline(offlineKind);
  const offlineData = useMemo(() => ({ isKept, isRestored }), [isKept, isRestored]);
  useFirstScreenDrawn();
  useTabTitle();
  useEffect(() => preloadOnFirstInput(), []);
  useEffect(
    // The server ended the session: forget this user's data, as logout does.
    () =>
      whenSessionEnds(() => {
        void forgetSession(queryClient);
        navigate(paths.login, { replace: true });
      }),
    [navigate, queryClient],
  );
  return (
    <>
      {!isOnline && (
        <Suspense fallback={null}>
          <OfflineNotice kind={offlineKind} />
        </Suspense>
      )}
      <OfflineDataContext value={offlineData}>
        <Outlet />
      </OfflineDataContext>
      {/* After the screen: the browser's offer comes after the first paint, and a bar put
          above the screen then pushed all of it down (a layout shift on every first visit);
          here it moves nothing and covers nothing. It draws nothing until the offer comes. */}
      <InstallButton />
      <Suspense fallback={null}>
        <WhileSignedIn />
        {isUpdateReady && <UpdateBanner />}
      </Suspense>
    </>
  );
}

/** The live stream and the activity ping, while someone is signed in (read on each navigation). */
function WhileSignedIn() {
  useLocation();
  return readToken() ? <SignedInExtras /> : null;
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
 * screen's sign-in, and the student home's tiles), the calls' route table (for the login
 * screen's first call), and the offline notice (so that a network lost during a first visit,
 * before the offline worker keeps the app, is still said). A first screen that needed the
 * routes or the table has them already (main.tsx, the router); a navigation that needs them
 * first fetches them itself.
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
    void loadOfflineNotice().catch(() => undefined);
  }
  for (const name of events) window.addEventListener(name, once, true);
  return stop;
}
