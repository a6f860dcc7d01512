import { useCallback, useEffect, useState } from 'react';
import { Workbox } from 'workbox-window';

let workbox: Workbox | undefined;

/**
 * Registers the offline worker at /service-worker.js (production builds only) and reports
 * when a new version has installed and is waiting. `update()` activates it and reloads the
 * page once it controls it.
 *
 * Registration goes through workbox-window directly: vite-plugin-pwa's React hook reloads
 * only for updates found on a page that was already controlled at load, so an update found
 * during the first visit showed the banner but never reloaded.
 */
export function useServiceWorker() {
  const [isUpdateWaiting, setUpdateWaiting] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    workbox ??= new Workbox('/service-worker.js', { scope: '/' });
    const handleWaiting = () => setUpdateWaiting(true);
    workbox.addEventListener('waiting', handleWaiting);
    workbox
      .register()
      .catch((error: unknown) => console.error('Service worker registration failed', error));
    return () => workbox?.removeEventListener('waiting', handleWaiting);
  }, []);

  const update = useCallback(() => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    workbox?.messageSkipWaiting();
  }, []);

  return { isUpdateWaiting, update };
}
