import { WifiOff } from 'lucide-react';
import type { OfflineKind } from '../shared/offline-notes';
import styles from './offline-notice.module.css';
import { offlineNotices } from './offline-notices';

/**
 * A clear notice while there is no network (app/root-layout.tsx draws it only then), saying
 * what is true for the kind of screen at hand (its route's handle): what it shows, and what
 * cannot be sent.
 */
export function OfflineNotice({ kind }: { kind: OfflineKind }) {
  return (
    <div className={styles.notice} role="status">
      <WifiOff size={18} aria-hidden="true" />
      <span>{offlineNotices[kind]}</span>
    </div>
  );
}
