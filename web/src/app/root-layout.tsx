import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { SESSION_ENDED_EVENT } from '../api/session';
import { useActivityPing } from '../features/activity/use-activity-ping';
import { offlinePersister } from './offline-cache';
import { OfflineNotice } from './offline-notice';
import { paths } from './paths';

// Installing and updating are not needed to draw the first screen: they load right after it.
const PwaControls = lazy(() => import('../pwa/pwa-controls'));

/**
 * Wraps every screen: the offline worker's update banner and install button, and app-wide
 * events such as the server ending the session.
 */
export default function RootLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useActivityPing();
  useEffect(() => {
    // The server ended the session: forget this user's data, as logout does.
    const toLogin = () => {
      queryClient.clear();
      void offlinePersister.removeClient();
      navigate(paths.login, { replace: true });
    };
    window.addEventListener(SESSION_ENDED_EVENT, toLogin);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, toLogin);
  }, [navigate, queryClient]);
  return (
    <>
      <OfflineNotice />
      <Outlet />
      <Suspense fallback={null}>
        <PwaControls />
      </Suspense>
    </>
  );
}
