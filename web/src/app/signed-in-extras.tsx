import { useActivityPing } from '../features/activity/use-activity-ping';
import { useLiveUpdates } from './live-updates';

/**
 * What only someone signed in has beside every screen: the live stream and the activity ping.
 * In the live stream's chunk (web/vite.config.ts), which a signed-in page has loaded as it
 * started; the root layout draws it only for someone signed in (app/root-layout.tsx): the
 * login screen loads neither (its visitor has no stream to keep).
 */
export default function SignedInExtras() {
  useLiveUpdates();
  useActivityPing();
  return null;
}
