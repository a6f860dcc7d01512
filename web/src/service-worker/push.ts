/// <reference lib="webworker" />

/**
 * Web push in the offline worker (issue 31, point 2). A push carries what the server's push
 * channel writes (server/src/features/push/push-letter.ts): the academy's name, a short text,
 * the screen it opens and the outbox letter's key as the tag, so the same letter pushed twice
 * (tried again after a stop) replaces its notification instead of showing two.
 */

export interface PushMessage {
  title: string;
  body: string;
  path: string;
  tag: string;
}

/** What a window of the app tells about itself (WindowClient's fields the decision reads). */
export interface AppWindow {
  focused: boolean;
  visibilityState: DocumentVisibilityState;
}

/** The message a page of the app is sent when a push came while it was showing. */
export const PUSH_ARRIVED = 'PUSH_ARRIVED';

const FALLBACK: PushMessage = { title: 'New message', body: '', path: '/', tag: 'academy' };

/**
 * A path of the app, never another site: a push's path is the server's, but a notification
 * tapped must not open an address that leaves the app ('//host', 'https:').
 */
export function appPath(path: unknown): string {
  return typeof path === 'string' && /^\/(?![/\\])/.test(path) ? path : '/';
}

/** The push's message, read defensively: a push whose body is not ours still shows something. */
export function readPush(data: unknown): PushMessage {
  if (typeof data !== 'object' || data === null) return FALLBACK;
  const value = data as Partial<Record<keyof PushMessage, unknown>>;
  const text = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);
  return {
    title: text(value.title, FALLBACK.title),
    body: text(value.body, ''),
    path: appPath(value.path),
    tag: text(value.tag, FALLBACK.tag),
  };
}

/**
 * Whether the app is on screen: a window of it both focused and visible. Then the in-app popup
 * and the live stream tell the person, and a notification would say it twice. A window in the
 * background, minimised or on a locked phone is not: the notification shows.
 */
export function appIsShowing(windows: readonly AppWindow[]): boolean {
  return windows.some((w) => w.focused && w.visibilityState === 'visible');
}

function parse(event: PushEvent): unknown {
  try {
    return event.data?.json();
  } catch {
    return null;
  }
}

export function installPushHandlers(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener('push', (event) => {
    const message = readPush(parse(event));
    event.waitUntil(
      (async () => {
        const windows = await worker.clients.matchAll({ type: 'window' });
        if (appIsShowing(windows)) {
          // Chrome asks every push to show a notification (userVisibleOnly) but excuses one
          // that comes while the site is on screen (docs/decisions.md). The pages are told, so
          // their notifications are fetched now rather than at the next poll.
          for (const w of windows) w.postMessage({ type: PUSH_ARRIVED, tag: message.tag });
          return;
        }
        await worker.registration.showNotification(message.title, {
          body: message.body,
          tag: message.tag,
          data: { path: message.path },
          icon: '/icons/icon-192.png',
          badge: '/icons/icon-192.png',
        });
      })(),
    );
  });

  // A tap: the app's window, brought forward and moved to the screen, or a new one there.
  worker.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = new URL(appPath(event.notification.data?.path), worker.location.origin).href;
    event.waitUntil(
      (async () => {
        const windows = await worker.clients.matchAll({
          type: 'window',
          includeUncontrolled: true,
        });
        const open =
          windows.find((w) => w.visibilityState === 'visible') ?? (windows[0] as WindowClient);
        if (open) {
          const focused = await open.focus();
          // navigate() works only for a window this worker controls; otherwise a new one.
          const moved = await focused.navigate(url).catch(() => null);
          if (moved) return;
        }
        await worker.clients.openWindow(url);
      })(),
    );
  });
}
