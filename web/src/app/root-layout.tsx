import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useSyncExternalStore } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { whenSessionEnds } from '../api/session';
import { forgetSession } from '../shared/forget-session';
import { isOfflineStoreRestored, subscribeToOfflineStoreRestored } from '../shared/offline-cache';
import { isKeptOffline, useOfflineKind } from '../shared/offline-notes';
import { useRemovePageShell } from '../shared/page-shell';
import { paths } from '../shared/paths';
import { OfflineDataContext } from '../ui/offline-data';

// Not needed to draw the first screen: loaded right after it, in one chunk.
const AppExtras = lazy(() => import('./app-extras'));
const OfflineNotice = lazy(() =>
  import('./app-extras').then((extras) => ({ default: extras.OfflineNotice })),
);
const InstallButton = lazy(() =>
  import('./app-extras').then((extras) => ({ default: extras.InstallButton })),
);

/**
 * Wraps every screen: app-wide events such as the server ending the session, what the
 * screen's route says about it offline, and (loaded after the first screen) the offline
 * notice, activity ping, install button and update banner. The offline notice comes before
 * the screen, so it moves it down instead of covering any of it (on a phone, the back link
 * and the title); the install button comes after it (see below).
 */
export default function RootLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const offlineKind = useOfflineKind();
  const isRestored = useSyncExternalStore(subscribeToOfflineStoreRestored, isOfflineStoreRestored);
  const isKept = isKeptOffline(offlineKind);
  const offlineData = useMemo(() => ({ isKept, isRestored }), [isKept, isRestored]);
  useRemovePageShell();
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
      <Suspense fallback={null}>
        <OfflineNotice kind={offlineKind} />
      </Suspense>
      <OfflineDataContext value={offlineData}>
        <Outlet />
      </OfflineDataContext>
      <Suspense fallback={null}>
        {/* After the screen: the browser's offer comes after the first paint, and a bar put
            above the screen then pushed all of it down (a layout shift on every first
            visit); here it moves nothing and covers nothing. */}
        <InstallButton />
        <AppExtras />
      </Suspense>
    </>
  );
}
