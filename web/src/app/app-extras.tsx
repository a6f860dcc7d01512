import { useActivityPing } from '../features/activity/use-activity-ping';
import { InstallButton } from '../pwa/install-button';
import { UpdateBanner } from '../pwa/update-banner';

export { OfflineNotice } from './offline-notice';

/**
 * What every screen has but none needs to draw itself: the activity ping, the install button
 * and the update banner (and the offline notice, which the root layout puts above the screen).
 * Loaded right after the first screen, so the login screen does not wait for them.
 */
export default function AppExtras() {
  useActivityPing();
  return (
    <>
      <InstallButton />
      <UpdateBanner />
    </>
  );
}
