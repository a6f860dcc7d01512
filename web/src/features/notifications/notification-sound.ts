import { readStoredUser } from '../../api/session';

/**
 * The chime for new notifications. Browsers that block sound until the user has interacted
 * with the page reject play(); that is expected, so it stays silent and quiet about it.
 */
export function playNotificationSound(): void {
  try {
    const audio = new Audio('/sounds/notification.wav');
    audio.volume = 0.6;
    void audio.play().catch(() => undefined);
  } catch {
    // No audio support at all.
  }
}

/**
 * Chimes for notifications that have just arrived, unless another tab of this browser already
 * chimed for them: every tab hears the same event and shows the popup, but one sound is enough.
 * Tabs agree through localStorage (the newest notification id chimed for, per user), under a
 * Web Lock where the browser has them so two tabs cannot both claim the same arrival.
 */
export async function chimeForArrivals(ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  if (await claimArrival(Math.max(...ids))) playNotificationSound();
}

async function claimArrival(newest: number): Promise<boolean> {
  const key = `academy:chimed:${readStoredUser()?.id ?? 0}`;
  const claim = () => {
    const chimed = Number(localStorage.getItem(key) ?? 0);
    if (chimed >= newest) return false;
    localStorage.setItem(key, String(newest));
    return true;
  };
  try {
    // Web Locks exist only in secure contexts; an academy on plain HTTP gets the plain check.
    if (navigator.locks) return await navigator.locks.request('academy-chime', claim);
    return claim();
  } catch {
    // Storage refused (a private window's quota): chime, as before there were tabs to agree.
    return true;
  }
}
