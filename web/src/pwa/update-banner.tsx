import { RefreshCw } from 'lucide-react';
import { applyUpdate } from './offline-worker';
import styles from './pwa.module.css';

/**
 * A new version of the offline worker has installed and waits (app/root-layout.tsx draws this
 * only then): offers it; a click reloads into it.
 */
export function UpdateBanner() {
  return (
    <button type="button" className={styles.banner} onClick={applyUpdate}>
      <RefreshCw size={18} aria-hidden="true" />
      The new version of the application is available. Click to update.
    </button>
  );
}
