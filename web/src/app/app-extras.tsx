import { useActivityPing } from '../features/activity/use-activity-ping';
import { InstallButton } from '../pwa/install-button';
import { UpdateBanner } from '../pwa/update-banner';
import { OfflineNotice } from './offline-notice';

/**
 * What every screen has but none needs to draw itself: the offline notice, the activity
 * ping, the install button and the update banner. Loaded right after the first screen, so
 * the login screen does not wait for them.
 */
export default function AppExtras() {
  useActivityPing();
  return (
    <>
      <OfflineNotice />
      <InstallButton />
      <UpdateBanner />
    </>
  );
}
