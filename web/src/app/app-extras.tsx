import { useEffect } from 'react';
import { useActivityPing } from '../features/activity/use-activity-ping';
import { useAppConfig } from '../features/branding/queries';
import { UpdateBanner } from '../pwa/update-banner';
import { useLiveUpdates } from './live-updates';
import { loadSignedInRoutes } from './load-signed-in-routes';

export { InstallButton } from '../pwa/install-button';
export { OfflineNotice } from './offline-notice';

/**
 * What every screen has but none needs to draw itself: the live stream, the activity ping
 * and the update banner (and the offline notice and install button, which the root layout
 * puts above the screen). Loaded right after the first screen, so the login screen does not
 * wait for them.
 */
export default function AppExtras() {
  useLiveUpdates();
  useActivityPing();
  useTabTitle();
  useEffect(() => {
    // The signed-in screens' routes (app/router.tsx), ready for when the login screen signs in.
    void loadSignedInRoutes();
  }, []);
  return <UpdateBanner />;
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
