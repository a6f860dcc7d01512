import { useActivityPing } from '../features/activity/use-activity-ping';
import { UpdateBanner } from '../pwa/update-banner';
import { useLiveUpdates } from './live-updates';

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
  return <UpdateBanner />;
}
