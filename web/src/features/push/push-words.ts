import { failureText } from '../../api/failure-text';
import { browserFacts, isAppleMobile } from '../../pwa/push-support';

/** Why push needs the Home Screen on an iPhone, and how. */
export const HOME_SCREEN_WORDS =
  'On an iPhone or iPad, notifications need the app on your Home Screen first (iOS 16.4 and later): tap the Share button, choose "Add to Home Screen", then open the app from there and turn them on.';

export const UNSUPPORTED_WORDS =
  'This browser cannot show notifications while the app is closed. Chrome, Edge, Firefox and Samsung Internet can, and so can Safari once the app is on the Home Screen.';

/** How to allow notifications again after blocking them, for the browser this is. */
export function deniedWords(): string {
  const facts = browserFacts();
  if (isAppleMobile(facts))
    return 'Notifications are blocked for this app. To allow them, open your iPhone\'s Settings, then Notifications, choose this app and turn on "Allow Notifications".';
  if (/Android/.test(facts.userAgent))
    return "Notifications are blocked for this app. To allow them, tap the icon left of the address (or open the browser's menu), choose Permissions or Site settings, allow Notifications, then come back here.";
  return "Notifications are blocked for this app. To allow them, click the icon left of the address, allow Notifications in the site's settings, then come back here.";
}

/** A failed attempt to turn push on or off, in words. */
export function pushFailureText(error: unknown, on: boolean): string {
  if (error instanceof DOMException)
    return on
      ? "Could not turn on notifications: the browser's push service did not answer. Please try again later."
      : 'Could not turn off notifications. Please try again.';
  return failureText(error, {
    network: 'Could not reach the server. Please try again.',
    fallback: on
      ? 'Could not turn on notifications. Please try again.'
      : 'Could not turn off notifications. Please try again.',
  });
}
