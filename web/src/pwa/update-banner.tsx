import { RefreshCw } from 'lucide-react';
import styles from './pwa.module.css';
import { useServiceWorker } from './use-service-worker';

/** When a new version of the offline worker has installed, offers it; a click reloads into it. */
export function UpdateBanner() {
  const { isUpdateWaiting, update } = useServiceWorker();
  if (!isUpdateWaiting) return null;
  return (
    <button type="button" className={styles.banner} onClick={update}>
      <RefreshCw size={18} aria-hidden="true" />
      The new version of the application is available. Click to update.
    </button>
  );
}
