import { readSaved, writeSaved } from '../pwa/push-memory';
import { browserFacts, deviceName, pushSupport } from '../pwa/push-support';
import { call } from './client';

/**
 * Push on this device (issue 31, point 2): the browser's subscription, made through the
 * offline worker's PushManager with the academy's VAPID key, and saved for the person.
 *
 * - `checking`: not known yet;
 * - `unsupported`, `home-screen`: see push-support.ts;
 * - `denied`: the person blocked notifications for the app in the browser;
 * - `off`, `on`: for the person signed in, on this device.
 */
export type PushState = 'checking' | 'unsupported' | 'home-screen' | 'denied' | 'off' | 'on';

/** How long to wait for the offline worker before taking push as unavailable here. */
const WORKER_WAIT_MS = 10_000;

/** The offline worker's registration once it is active; null where there is none. */
async function worker(): Promise<ServiceWorkerRegistration | null> {
  // The worker is registered in production builds only (pwa/offline-worker.ts).
  if (!import.meta.env.PROD) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function readPushState(userId: number | undefined): Promise<PushState> {
  const support = pushSupport(browserFacts());
  if (support !== 'supported') return support;
  if (Notification.permission === 'denied') return 'denied';
  const registration = await worker();
  if (!registration) return 'unsupported';
  const subscription = await registration.pushManager.getSubscription();
  const saved = readSaved();
  const theirs =
    subscription !== null &&
    Notification.permission === 'granted' &&
    saved?.endpoint === subscription.endpoint &&
    saved.userId === userId;
  return theirs ? 'on' : 'off';
}

/** The VAPID key as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.length && new Uint8Array(a).every((x, i) => x === b[i]);

/**
 * Asks the browser's permission (the one prompt it shows), subscribes through the worker with
 * the academy's key (a subscription made with another key, before the academy's keys changed,
 * is replaced) and saves it for the person. What it ends in.
 */
export async function turnPushOn(userId: number | undefined): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted' || userId === undefined) return 'off';
  const registration = await worker();
  if (!registration) return 'unsupported';
  const key = keyBytes((await call('getPushKey', {})).public_key);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  // userVisibleOnly: Chrome takes no other; every push shows a notification (docs/decisions.md).
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  const { endpoint, keys } = subscription.toJSON();
  await call('savePushSubscription', {
    endpoint: endpoint ?? subscription.endpoint,
    keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
    device: deviceName(browserFacts()),
  });
  writeSaved({ endpoint: subscription.endpoint, userId });
  return 'on';
}

/**
 * Push off on this device: the server forgets it first (a failure leaves it on, and says so),
 * then the browser's subscription goes. `leaving`: the person is logging out, so the browser's
 * subscription goes even when the server cannot be told (offline): its push service then
 * answers 410 to the next push, and the server deletes the row itself.
 */
export async function turnPushOff({ leaving = false } = {}): Promise<void> {
  const registration =
    'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
  const subscription = await registration?.pushManager?.getSubscription();
  if (subscription) {
    const told = call('deletePushSubscription', { endpoint: subscription.endpoint });
    if (leaving) await told.catch(() => undefined);
    else await told;
    await subscription.unsubscribe();
  }
  writeSaved(null);
}
