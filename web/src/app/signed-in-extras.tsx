import { useActivityPing } from '../features/activity/use-activity-ping';
import { useLiveUpdates } from './live-updates';

/**
 * What only someone signed in has beside every screen: the live stream and the activity ping.
 * A chunk apart from the other extras (app-extras.tsx), in the live stream's (web/vite.config.ts),
 * which a signed-in page has loaded as it started: the login screen loads neither (its
 * visitor has no stream to keep), and a first visit does not fetch and run them
 * (bench:lighthouse, issue 50 point 7).
 */
export default function SignedInExtras() {
  useLiveUpdates();
  useActivityPing();
  return null;
}
