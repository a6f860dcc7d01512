import { useEffect } from 'react';
import { readToken } from '../api/session';
import { useActivityPing } from '../features/activity/use-activity-ping';
import { UpdateBanner } from '../pwa/update-banner';
import { useAppConfig } from '../shared/branding';
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
  useEffect(() => preloadSignedInRoutes(), []);
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

/**
 * The signed-in screens' routes (app/router.tsx), ready for when the login screen signs in:
 * at once for someone signed in; on the login screen once the visitor first types or taps,
 * not as it opens, so that a first visit's screen does not compile and run a chunk it may
 * never use (bench:lighthouse's main-thread time). The router fetches them anyway if a
 * navigation needs them first.
 */
function preloadSignedInRoutes(): () => void {
  const load = () => void loadSignedInRoutes();
  if (readToken()) {
    load();
    return () => undefined;
  }
  const events = ['keydown', 'pointerdown', 'input'] as const;
  const once = () => {
    for (const name of events) window.removeEventListener(name, once, true);
    load();
  };
  for (const name of events) window.addEventListener(name, once, true);
  return () => {
    for (const name of events) window.removeEventListener(name, once, true);
  };
}
