/**
 * What this browser can do about push (issue 31, point 2), from what it says of itself: pure,
 * so the rules are tested without a browser (push-support.test.ts).
 */

/** What a browser tells about itself, as `browserFacts()` reads it. */
export interface BrowserFacts {
  userAgent: string;
  /** An iPad asking for desktop sites says 'Macintosh': its touch points tell it apart. */
  maxTouchPoints: number;
  /** Opened from the Home Screen (or installed elsewhere): display-mode standalone. */
  standalone: boolean;
  /** The page has service workers, PushManager and Notification. */
  hasPush: boolean;
}

/**
 * - `supported`: push can be turned on here.
 * - `home-screen`: an iPhone or iPad in Safari's tabs: push only works once the app is added
 *   to the Home Screen and opened from there (iOS 16.4 and later).
 * - `unsupported`: this browser has no web push (or an iPhone before iOS 16.4).
 */
export type PushSupport = 'supported' | 'home-screen' | 'unsupported';

export function isAppleMobile(facts: Pick<BrowserFacts, 'userAgent' | 'maxTouchPoints'>) {
  return (
    /iPhone|iPad|iPod/.test(facts.userAgent) ||
    (/Macintosh/.test(facts.userAgent) && facts.maxTouchPoints > 1)
  );
}

export function pushSupport(facts: BrowserFacts): PushSupport {
  if (isAppleMobile(facts) && !facts.standalone) return 'home-screen';
  return facts.hasPush ? 'supported' : 'unsupported';
}

const BROWSERS: [RegExp, string][] = [
  [/EdgA?\/|EdgiOS\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux/, 'Linux'],
];

/**
 * The device's name in the person's list of devices with push on: "Chrome on Android",
 * "Safari on iPhone". An app opened from an iPhone's Home Screen is Safari's.
 */
export function deviceName(facts: Pick<BrowserFacts, 'userAgent' | 'maxTouchPoints'>): string {
  const ua = facts.userAgent;
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'A browser';
  const system =
    /Macintosh/.test(ua) && facts.maxTouchPoints > 1
      ? 'iPad'
      : (SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null);
  return system ? `${browser} on ${system}` : browser;
}

/** This browser's facts. */
export function browserFacts(): BrowserFacts {
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone:
      window.matchMedia?.('(display-mode: standalone)').matches === true ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
    hasPush: 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window,
  };
}
