import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { SESSION_ENDED_EVENT } from '../api/session';
import { clearCachedApiAnswers } from '../pwa/offline-data';
import { offlinePersister } from './offline-cache';
import { paths } from './paths';

// Not needed to draw the first screen: loaded right after it, in one chunk.
const AppExtras = lazy(() => import('./app-extras'));
const OfflineNotice = lazy(() =>
  import('./app-extras').then((extras) => ({ default: extras.OfflineNotice })),
);

/**
 * Wraps every screen: app-wide events such as the server ending the session, and (loaded
 * after the first screen) the offline notice, activity ping, install button and update banner.
 * The offline notice comes before the screen, so it moves the screen down instead of covering
 * its top (on a phone, the back link and the title).
 */
export default function RootLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    // The server ended the session: forget this user's data, as logout does (use-logout.ts).
    const toLogin = () => {
      queryClient.clear();
      void offlinePersister.removeClient();
      void clearCachedApiAnswers().catch(() => undefined);
      navigate(paths.login, { replace: true });
    };
    window.addEventListener(SESSION_ENDED_EVENT, toLogin);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, toLogin);
  }, [navigate, queryClient]);
  return (
    <>
      <Suspense fallback={null}>
        <OfflineNotice />
      </Suspense>
      <Outlet />
      <Suspense fallback={null}>
        <AppExtras />
      </Suspense>
    </>
  );
}
