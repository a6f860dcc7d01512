import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { SESSION_ENDED_EVENT } from '../api/session';
import { InstallButton } from '../pwa/install-button';
import { UpdateBanner } from '../pwa/update-banner';
import { paths } from './paths';

/**
 * Wraps every screen: the offline worker's update banner and install button, and app-wide
 * events such as the server ending the session.
 */
export default function RootLayout() {
  const navigate = useNavigate();
  useEffect(() => {
    const toLogin = () => navigate(paths.login, { replace: true });
    window.addEventListener(SESSION_ENDED_EVENT, toLogin);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, toLogin);
  }, [navigate]);
  return (
    <>
      <Outlet />
      <InstallButton />
      <UpdateBanner />
    </>
  );
}
